import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Phase } from '@nightfall/game-rules';
import { nextSimulatedMove } from '@nightfall/testing/simulated-player';
import { runMigrations, testDatabaseUrl, testNatsUrl } from '@nightfall/server-kit';
import { AppModule } from '../app.module.js';
import { gameDatabase } from '../database.js';
import { loadGameEnv } from '../env.js';
import { DeadlineSweeper } from '../deadlines/deadline-sweeper.service.js';
import { GamesService } from '../games/games.service.js';
import { PresenceService } from '../presence/presence.service.js';

/** One game-engine replica inside a test: its own Nest app, DataSource and NATS connection. */
export interface Replica {
  app: INestApplication;
  games: GamesService;
  presence: PresenceService;
  deadlines: DeadlineSweeper;
  close(): Promise<void>;
}

/** Migrates a fresh schema on the test database. */
export async function prepareSchema(schema: string): Promise<void> {
  await runMigrations(gameDatabase(testDatabaseUrl(), schema));
}

/** Drops a test schema. */
export async function dropSchema(replica: Replica, schema: string): Promise<void> {
  await replica.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/**
 * Starts a replica on `schema` with an injectable clock. The background sweeper runs every 10 s
 * (tests call `deadlines.sweep()` themselves). `extraEnv` adds variables (e.g. ADMIN_GRPC_TARGET).
 */
export async function startReplica(schema: string, clock: () => number, extraEnv: Record<string, string> = {}): Promise<Replica> {
  const env = loadGameEnv({
    DATABASE_URL: testDatabaseUrl(),
    DATABASE_SCHEMA: schema,
    NATS_URL: testNatsUrl(),
    LOG_LEVEL: 'silent',
    DEADLINE_SWEEP_MS: '10000',
    ...extraEnv,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env, clock)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return { app, games: app.get(GamesService), presence: app.get(PresenceService), deadlines: app.get(DeadlineSweeper), close: () => app.close() };
}

/**
 * Plays the humans' moves (as simulated clients from their own views) until the game reaches `phase`.
 * @throws Error when it does not get there in 200 moves
 */
export async function driveTo(games: GamesService, gameId: string, humans: string[], phase: Phase): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const views = await Promise.all(humans.map((h) => games.getSnapshot(gameId, h)));
    if (views[0]!.view.game.phase === phase) return;
    let moved = false;
    for (const [k, snap] of views.entries()) {
      const move = nextSimulatedMove(snap.view);
      if (!move) continue;
      await games.execute(gameId, humans[k]!, move.action, JSON.stringify(move.data));
      moved = true;
      break;
    }
    if (!moved) throw new Error(`stuck in ${views[0]!.view.game.phase} before ${phase}`);
  }
  throw new Error(`did not reach ${phase}`);
}
