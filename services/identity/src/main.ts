import { bootstrapGrpcService } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadIdentityEnv } from './env.js';

/** Identity service: gRPC on IDENTITY_GRPC_URL, health over HTTP on IDENTITY_HEALTH_PORT. */
await bootstrapGrpcService('identity', () => loadIdentityEnv(), (env) => AppModule.forRoot(env), (env) => ({
  grpcUrl: env.IDENTITY_GRPC_URL,
  healthPort: env.IDENTITY_HEALTH_PORT,
}));
