import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { createGrpcHealth, grpcServerOptions, markServing } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadIdentityEnv } from './env.js';

/** Boots the identity service: gRPC on IDENTITY_GRPC_URL, health over HTTP on IDENTITY_HEALTH_PORT. */
async function bootstrap(): Promise<void> {
  const env = loadIdentityEnv();
  const health = createGrpcHealth('identity');
  const app = await NestFactory.create(AppModule.forRoot(env), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.connectMicroservice(grpcServerOptions('identity', env.IDENTITY_GRPC_URL, health));
  await app.startAllMicroservices();
  await app.listen(env.IDENTITY_HEALTH_PORT, '0.0.0.0');
  markServing(health, 'identity');
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
