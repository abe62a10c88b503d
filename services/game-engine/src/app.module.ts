import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule, HealthModule, dataSourceOptions, envModule, loggerModule, natsModule, type Clock, grpcServiceName, MetricsModule } from '@nightfall/server-kit';
import { gameDatabase } from './database.js';
import { DeadlinesModule } from './deadlines/deadlines.module.js';
import { GAME_ENV, type GameEnv } from './env.js';
import { GameMetricsModule } from './metrics/game-metrics.module.js';
import { GameGrpcModule } from './grpc/game-grpc.module.js';
import { RetentionModule } from './retention/retention.module.js';

/**
 * Root module of game-engine: only composes (docs/architecture.md "Feature modules"). Global
 * plumbing: env, logging, clock (`clock`, epoch ms, injectable for tests), PostgreSQL, NATS; features:
 * the gRPC API (games, presence), the deadline sweeper, the retention sweep, health (ready = PostgreSQL and NATS).
 */
@Module({})
export class AppModule {
  static forRoot(env: GameEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        envModule(GAME_ENV, env),
        loggerModule('game-engine', env.LOG_LEVEL),
        ClockModule.forRoot(clock),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(gameDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE)),
          retryAttempts: 3,
        }),
        natsModule({ servers: env.NATS_URL, name: 'game-engine' }),
        MetricsModule.forRoot({ grpcService: grpcServiceName('game'), database: true }),
        HealthModule.forRoot({ database: true, nats: true }),
        GameGrpcModule,
        DeadlinesModule,
        GameMetricsModule,
        RetentionModule,
      ],
    };
  }
}
