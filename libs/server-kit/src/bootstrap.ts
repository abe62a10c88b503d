import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { createGrpcHealth, grpcServerOptions, markServing, type GrpcMessageLimit } from './grpc.js';
import type { CallerTokens } from './grpc-auth.js';
import { protoPackage, type ContractService } from '@nightfall/contracts';
import type { TracingEnv } from './env.js';
import { httpObservability } from './metrics.js';
import { startTracing } from './tracing.js';

/** The service name of spans and logs of a contract ('game' serves as game-engine). */
const SERVICE_NAMES: Partial<Record<ContractService, string>> = { game: 'game-engine' };

/** The fully qualified gRPC service name of a contract, e.g. `nightfall.game.v1.GameService`. */
export function grpcServiceName(service: ContractService): string {
  return `${protoPackage(service)}.${service[0]!.toUpperCase()}${service.slice(1)}Service`;
}

/**
 * Boots a gRPC service: tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (before anything loads pg), the Nest
 * app with pino logging, its gRPC server on `grpcUrl` (with the standard health service turned SERVING once
 * started; the app's global interceptors, such as the metrics one, apply to it) and the HTTP health and
 * `/metrics` endpoints on `healthPort`.
 * Exits the process with a readable message when the environment or start-up fails.
 * @param loadModule builds the root module from the validated env (throws on a bad env)
 * @param addresses the gRPC listen address, the health port and, optionally, the message size limit; the
 *   env's GRPC_CALLER_TOKENS (when set) are the only callers the server accepts (docs/faults.md "Inside the cluster")
 */
export async function bootstrapGrpcService<E extends TracingEnv>(
  service: ContractService,
  loadEnv: () => E,
  loadModule: (env: E) => DynamicModule,
  addresses: (env: E) => { grpcUrl: string; healthPort: number } & GrpcMessageLimit,
): Promise<void> {
  try {
    const env = loadEnv();
    const { grpcUrl, healthPort, ...limit } = addresses(env);
    await startTracing({ service: SERVICE_NAMES[service] ?? service, endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, sampleRatio: env.OTEL_TRACES_SAMPLER_ARG });
    const health = createGrpcHealth(service);
    const app = await NestFactory.create(loadModule(env), { bufferLogs: true });
    app.use(httpObservability());
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    const acceptedCallers = (env as { GRPC_CALLER_TOKENS?: CallerTokens }).GRPC_CALLER_TOKENS;
    app.connectMicroservice(grpcServerOptions(service, grpcUrl, health, { ...limit, acceptedCallers }), { inheritAppConfig: true });
    await app.startAllMicroservices();
    await app.listen(healthPort, '0.0.0.0');
    markServing(health, service);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
