import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { createGrpcHealth, grpcServerOptions, markServing, type GrpcMessageLimit } from './grpc.js';
import type { ContractService } from '@nightfall/contracts';
import type { CallerTokens } from './grpc-auth.js';

/**
 * Boots a gRPC service: the Nest app with pino logging, its gRPC server on `grpcUrl` (with the
 * standard health service turned SERVING once started) and the HTTP health endpoints on `healthPort`.
 * Exits the process with a readable message when the environment or start-up fails.
 * @param loadModule builds the root module from the validated env (throws on a bad env)
 * @param addresses the gRPC listen address, the health port and, optionally, the message size limit; the
 *   env's GRPC_CALLER_TOKENS (when set) are the only callers the server accepts (docs/faults.md "Inside the cluster")
 */
export async function bootstrapGrpcService<E>(
  service: ContractService,
  loadEnv: () => E,
  loadModule: (env: E) => DynamicModule,
  addresses: (env: E) => { grpcUrl: string; healthPort: number } & GrpcMessageLimit,
): Promise<void> {
  try {
    const env = loadEnv();
    const { grpcUrl, healthPort, ...limit } = addresses(env);
    const health = createGrpcHealth(service);
    const app = await NestFactory.create(loadModule(env), { bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    const acceptedCallers = (env as { GRPC_CALLER_TOKENS?: CallerTokens }).GRPC_CALLER_TOKENS;
    app.connectMicroservice(grpcServerOptions(service, grpcUrl, health, { ...limit, acceptedCallers }));
    await app.startAllMicroservices();
    await app.listen(healthPort, '0.0.0.0');
    markServing(health, service);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
