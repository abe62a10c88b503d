import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule, dataSourceOptions, envModule, HealthModule, loggerModule, natsModule, type Clock, grpcServiceName, MetricsModule } from '@nightfall/server-kit';
import { CheckoutModule } from './checkout/checkout.module.js';
import { billingDatabase } from './database.js';
import { EntitlementsModule } from './entitlements/entitlements.module.js';
import { BILLING_ENV, type BillingEnv } from './env.js';
import { BillingGrpcModule } from './grpc/billing-grpc.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/**
 * Root module of the billing service: composition only (docs/architecture.md "Feature modules").
 * Plumbing from server-kit (logger, TypeORM root, clock, NATS, health, env), then the features and the
 * gRPC adapter. Readiness checks PostgreSQL only: NATS carries best-effort entitlement events, so a
 * NATS outage must not stop host checks and payments.
 */
@Module({})
export class AppModule {
  /**
   * @param env the validated environment (`loadBillingEnv`)
   * @param clock epoch-ms clock, injectable for tests (pass expiry)
   */
  static forRoot(env: BillingEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('billing', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions({ ...billingDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA), poolSize: env.DATABASE_POOL_SIZE }), retryAttempts: 3 }),
        ClockModule.forRoot(clock),
        natsModule({ servers: env.NATS_URL, name: 'billing' }),
        MetricsModule.forRoot({ grpcService: grpcServiceName('billing'), database: true }),
        HealthModule.forRoot({ database: true }),
        envModule(BILLING_ENV, env),
        EntitlementsModule,
        PaymentsModule,
        CheckoutModule,
        WebhooksModule,
        BillingGrpcModule,
      ],
    };
  }
}
