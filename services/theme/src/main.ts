import { THEME_GRPC_MAX_MESSAGE_BYTES } from '@nightfall/contracts';
import { bootstrapGrpcService } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadThemeEnv } from './env.js';

/**
 * Theme service: gRPC on THEME_GRPC_URL with messages up to THEME_GRPC_MAX_MESSAGE_BYTES (64 MiB, for
 * packs of up to 50 MB), health over HTTP on THEME_HEALTH_PORT.
 */
await bootstrapGrpcService('theme', () => loadThemeEnv(), (env) => AppModule.forRoot(env), (env) => ({
  grpcUrl: env.THEME_GRPC_URL,
  healthPort: env.THEME_HEALTH_PORT,
  maxMessageBytes: THEME_GRPC_MAX_MESSAGE_BYTES,
}));
