import { bootstrapGrpcService } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadAdminEnv } from './env.js';

/** Admin service: gRPC on ADMIN_GRPC_URL, health over HTTP on ADMIN_HEALTH_PORT. */
await bootstrapGrpcService('admin', () => loadAdminEnv(), (env) => AppModule.forRoot(env), (env) => ({
  grpcUrl: env.ADMIN_GRPC_URL,
  healthPort: env.ADMIN_HEALTH_PORT,
}));
