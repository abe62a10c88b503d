import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseHealthController, dataSourceOptions, loggerModule } from '@nightfall/server-kit';
import { BillingController } from './billing.controller.js';
import { BillingService, CLOCK, type Clock } from './billing.service.js';
import { CheckoutSessionEntity } from './checkout-session.entity.js';
import { CheckoutService } from './checkout.service.js';
import { billingDatabase } from './database.js';
import { EntitlementEntity } from './entitlement.entity.js';
import { BILLING_ENV, type BillingEnv } from './env.js';
import { StripeEventEntity } from './stripe-event.entity.js';

/** Root module of the billing service. `clock` (epoch ms) is injectable for tests. */
@Module({})
export class AppModule {
  static forRoot(env: BillingEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('billing', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions(billingDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA)), retryAttempts: 3 }),
        TypeOrmModule.forFeature([EntitlementEntity, CheckoutSessionEntity, StripeEventEntity]),
        TerminusModule,
      ],
      controllers: [BillingController, DatabaseHealthController],
      providers: [BillingService, CheckoutService, { provide: CLOCK, useValue: clock }, { provide: BILLING_ENV, useValue: env }],
    };
  }
}
