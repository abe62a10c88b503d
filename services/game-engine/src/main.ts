import { bootstrapGrpcService } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadGameEnv } from './env.js';

/** Game-engine service: gRPC on GAME_GRPC_URL, health over HTTP on GAME_HEALTH_PORT, deadline sweeper. */
await bootstrapGrpcService('game', () => loadGameEnv(), (env) => AppModule.forRoot(env), (env) => ({
  grpcUrl: env.GAME_GRPC_URL,
  healthPort: env.GAME_HEALTH_PORT,
}));
