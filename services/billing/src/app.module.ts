import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseHealthController, dataSourceOptions, loggerModule } from '@nightfall/server-kit';
import { BillingController } from './billing.controller.js';
import { BillingService, CLOCK, type Clock } from './billing.service.js';
import { billingDatabase } from './database.js';
import { EntitlementEntity } from './entitlement.entity.js';
import type { BillingEnv } from './env.js';

/** Root module of the billing service. `clock` (epoch ms) is injectable for tests. */
@Module({})
export class AppModule {
  static forRoot(env: BillingEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('billing', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions(billingDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA)), retryAttempts: 3 }),
        TypeOrmModule.forFeature([EntitlementEntity]),
        TerminusModule,
      ],
      controllers: [BillingController, DatabaseHealthController],
      providers: [BillingService, { provide: CLOCK, useValue: clock }],
    };
  }
}
