import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule, dataSourceOptions, envModule, HealthModule, loggerModule, type Clock, grpcServiceName, MetricsModule } from '@nightfall/server-kit';
import { themeDatabase } from './database.js';
import { DefaultThemeModule } from './default-theme/default-theme.module.js';
import { THEME_ENV, type ThemeEnv } from './env.js';
import { ThemeGrpcModule } from './grpc/theme-grpc.module.js';
import { PacksModule } from './packs/packs.module.js';
import { PreferencesModule } from './preferences/preferences.module.js';
import { SelectionModule } from './selection/selection.module.js';
import { StoredThemesModule } from './stored-themes/stored-themes.module.js';

/**
 * Root module of the theme service: composition only (docs/architecture.md "Feature modules").
 * Plumbing from server-kit (env, logger, TypeORM root, clock, health), then the features and the gRPC
 * adapter.
 *
 * No NATS: the service publishes nothing and consumes nothing (a theme reaches the players of a game
 * through the game engine's `theme_shared` and an HTTP download, never through events), so it holds no
 * connection. Readiness is the database only.
 */
@Module({})
export class AppModule {
  /**
   * @param env the validated environment (`loadThemeEnv`)
   * @param clock epoch-ms clock, injectable for tests
   */
  static forRoot(env: ThemeEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        envModule(THEME_ENV, env),
        loggerModule('theme', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions(themeDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE)), retryAttempts: 3 }),
        ClockModule.forRoot(clock),
        MetricsModule.forRoot({ grpcService: grpcServiceName('theme'), database: true }),
        HealthModule.forRoot({ database: true }),
        PacksModule,
        StoredThemesModule,
        PreferencesModule,
        DefaultThemeModule,
        SelectionModule,
        ThemeGrpcModule,
      ],
    };
  }
}
