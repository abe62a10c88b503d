import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { createGrpcHealth, grpcServerOptions, markServing } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadBillingEnv } from './env.js';

/** Boots the billing service: gRPC on BILLING_GRPC_URL, health over HTTP on BILLING_HEALTH_PORT. */
async function bootstrap(): Promise<void> {
  const env = loadBillingEnv();
  const health = createGrpcHealth('billing');
  const app = await NestFactory.create(AppModule.forRoot(env), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.connectMicroservice(grpcServerOptions('billing', env.BILLING_GRPC_URL, health));
  await app.startAllMicroservices();
  await app.listen(env.BILLING_HEALTH_PORT, '0.0.0.0');
  markServing(health, 'billing');
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
