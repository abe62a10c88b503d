import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { createGrpcHealth, grpcServerOptions, markServing } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadGameEnv } from './env.js';

/** Boots the game service: gRPC on GAME_GRPC_URL, health over HTTP on GAME_HEALTH_PORT. */
async function bootstrap(): Promise<void> {
  const env = loadGameEnv();
  const health = createGrpcHealth('game');
  const app = await NestFactory.create(AppModule.forRoot(env), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.connectMicroservice(grpcServerOptions('game', env.GAME_GRPC_URL, health));
  await app.startAllMicroservices();
  await app.listen(env.GAME_HEALTH_PORT, '0.0.0.0');
  markServing(health, 'game');
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
