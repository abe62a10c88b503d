import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule, dataSourceOptions, envModule, HealthModule, loggerModule, natsModule, type Clock, grpcServiceName, MetricsModule } from '@nightfall/server-kit';
import { AccessModule } from './access/access.module.js';
import { AuditModule } from './audit/audit.module.js';
import { CustomRolesModule } from './custom-roles/custom-roles.module.js';
import { adminDatabase } from './database.js';
import { EntitlementsModule } from './entitlements/entitlements.module.js';
import { ADMIN_ENV, type AdminEnv } from './env.js';
import { AdminGrpcModule } from './grpc/admin-grpc.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { UpstreamModule } from './upstream/upstream.module.js';
import { UsersModule } from './users/users.module.js';

/**
 * Root module of the admin service: composition only (docs/architecture.md "Feature modules").
 * Plumbing from server-kit (env, logger, TypeORM root, clock, NATS, health), the gRPC clients of
 * identity and billing, then the features and the gRPC adapter.
 *
 * NATS: the service subscribes to nothing: it keeps no copy of users or entitlements (every read asks
 * identity and billing, which stay the owners), so identity.user.* / billing.entitlement.* would invalidate
 * nothing. It publishes one event, `admin.custom-roles.changed` after a custom role changed, on which
 * game-engine forgets its copy of the active roles. Readiness is the database only (an admin answer never
 * needs NATS).
 */
@Module({})
export class AppModule {
  /**
   * @param env the validated environment (`loadAdminEnv`)
   * @param clock epoch-ms clock, injectable for tests
   */
  static forRoot(env: AdminEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        envModule(ADMIN_ENV, env),
        loggerModule('admin', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions({ ...adminDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA), poolSize: env.DATABASE_POOL_SIZE }), retryAttempts: 3 }),
        ClockModule.forRoot(clock),
        natsModule({ servers: env.NATS_URL, name: 'admin' }),
        MetricsModule.forRoot({ grpcService: grpcServiceName('admin'), database: true }),
        HealthModule.forRoot({ database: true }),
        UpstreamModule,
        AccessModule,
        AuditModule,
        UsersModule,
        EntitlementsModule,
        CustomRolesModule,
        SettingsModule,
        AdminGrpcModule,
      ],
    };
  }
}
