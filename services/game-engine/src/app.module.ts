import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseHealthController, dataSourceOptions, loggerModule } from '@nightfall/server-kit';
import { gameDatabase } from './database.js';
import { DeadlineScheduler } from './deadline.scheduler.js';
import type { GameEnv } from './env.js';
import { GameController } from './game.controller.js';
import { GAME_ENV, GamePublisher } from './game-publisher.service.js';
import { CLOCK, GameService, type Clock } from './game.service.js';

/** Root module of the game-engine service. `clock` (epoch ms) is injectable for tests. */
@Module({})
export class AppModule {
  static forRoot(env: GameEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('game-engine', env.LOG_LEVEL),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(gameDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE)),
          retryAttempts: 3,
        }),
        TerminusModule,
      ],
      controllers: [GameController, DatabaseHealthController],
      providers: [GameService, GamePublisher, DeadlineScheduler, { provide: GAME_ENV, useValue: env }, { provide: CLOCK, useValue: clock }],
    };
  }
}
