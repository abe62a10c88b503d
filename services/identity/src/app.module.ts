import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule, dataSourceOptions, envModule, HealthModule, loggerModule, natsModule, type Clock, grpcServiceName, MetricsModule } from '@nightfall/server-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import { identityDatabase } from './database.js';
import { IDENTITY_ENV, type IdentityEnv } from './env.js';
import { IdentityGrpcModule } from './grpc/identity-grpc.module.js';
import { MagicLinksModule } from './magic-links/magic-links.module.js';
import { MailModule } from './mail/mail.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { SessionsModule } from './sessions/sessions.module.js';

/**
 * Root module of the identity service: composition only (docs/architecture.md "Feature modules").
 * Plumbing from server-kit (logger, TypeORM root, clock, NATS, health, env), then the features and the
 * gRPC adapter. Readiness checks PostgreSQL only: NATS carries best-effort user events, so a NATS
 * outage must not stop sign-ins.
 */
@Module({})
export class AppModule {
  /**
   * @param env the validated environment (`loadIdentityEnv`)
   * @param clock epoch-ms clock, injectable for tests (token and session expiry)
   */
  static forRoot(env: IdentityEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('identity', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions({ ...identityDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA), poolSize: env.DATABASE_POOL_SIZE }), retryAttempts: 3 }),
        ClockModule.forRoot(clock),
        natsModule({ servers: env.NATS_URL, name: 'identity' }),
        MetricsModule.forRoot({ grpcService: grpcServiceName('identity'), database: true }),
        HealthModule.forRoot({ database: true }),
        envModule(IDENTITY_ENV, env),
        AccountsModule,
        SessionsModule,
        MagicLinksModule,
        MailModule,
        RetentionModule,
        IdentityGrpcModule,
      ],
    };
  }
}
