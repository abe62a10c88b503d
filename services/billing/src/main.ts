import { bootstrapGrpcService } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { loadBillingEnv } from './env.js';

/** Billing service: gRPC on BILLING_GRPC_URL, health over HTTP on BILLING_HEALTH_PORT. */
await bootstrapGrpcService('billing', () => loadBillingEnv(), (env) => AppModule.forRoot(env), (env) => ({
  grpcUrl: env.BILLING_GRPC_URL,
  healthPort: env.BILLING_HEALTH_PORT,
}));
