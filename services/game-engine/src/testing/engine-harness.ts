import { randomUUID } from 'node:crypto';
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Phase } from '@nightfall/game-rules';
import type { MsgHdrs, NatsConnection, Subscription } from '@nats-io/transport-node';
import { gameViewsSubject, ViewBatch, type GameSnapshot } from '@nightfall/protocol';
import type { gameV1 } from '@nightfall/contracts';
import { nextSimulatedMove } from '@nightfall/testing/simulated-player';
import { runMigrations, testDatabaseUrl, testNatsUrl } from '@nightfall/server-kit';
import { AppModule } from '../app.module.js';
import { gameDatabase } from '../database.js';
import { loadGameEnv } from '../env.js';
import { DeadlineSweeper } from '../deadlines/deadline-sweeper.service.js';
import { GameController } from '../grpc/game.controller.js';
import { GameStore } from '../store/game-store.service.js';

/**
 * The game calls of one replica as the gateway makes them, through the gRPC controller (so a call on a game
 * another replica owns is routed there), with the snapshot parsed.
 */
export interface Games {
  createGame(hostUserId: string, hostDisplayName: string): Promise<gameV1.GameRef>;
  joinGame(roomCode: string, userId: string, displayName: string): Promise<gameV1.GameRef>;
  /** JoinGame with `spectator` (docs/rules.md "Spectators"). */
  spectate(roomCode: string, userId: string, displayName: string): Promise<gameV1.GameRef>;
  getSnapshot(gameId: string, viewerId: string): Promise<GameSnapshot>;
  /** OpenGameView (a socket's join), with the snapshot parsed. */
  openView(gameId: string, viewerId: string, o: { adminViewer?: boolean; connect: boolean; gatewayId: string }): Promise<GameSnapshot>;
  execute(gameId: string, userId: string, action: string, dataJson: string, commandId?: string): Promise<gameV1.ExecuteCommandResponse>;
  setPlayerRole(gameId: string, actorUserId: string, playerId: string, newRole: string): Promise<gameV1.ExecuteCommandResponse>;
  setAdminViewer(gameId: string, userId: string, enabled: boolean): Promise<gameV1.SetAdminViewerResponse>;
  shareTheme(req: gameV1.ShareThemeRequest): Promise<gameV1.ExecuteCommandResponse>;
  /** As UpdatePresence; `gatewayId` the gateway's instance id ('': a plain count). */
  updatePresence(gameId: string, userId: string, delta: number, gatewayId?: string): Promise<gameV1.UpdatePresenceResponse>;
}

/** One game-engine replica inside a test: its own Nest app, DataSource and NATS connection. */
export interface Replica {
  app: INestApplication;
  games: Games;
  store: GameStore;
  deadlines: DeadlineSweeper;
  close(): Promise<void>;
}

/** {@link Games} over a replica's controller. */
function gamesOf(c: GameController): Games {
  return {
    createGame: (hostUserId, hostDisplayName) => c.createGame({ hostUserId, hostDisplayName }),
    joinGame: (roomCode, userId, displayName) => c.joinGame({ roomCode, userId, displayName, spectator: false }),
    spectate: (roomCode, userId, displayName) => c.joinGame({ roomCode, userId, displayName, spectator: true }),
    getSnapshot: async (gameId, viewerUserId) => JSON.parse((await c.getGameView({ gameId, viewerUserId })).snapshotJson) as GameSnapshot,
    openView: async (gameId, viewerUserId, o) => JSON.parse((await c.openGameView({ gameId, viewerUserId, ...o })).snapshotJson) as GameSnapshot,
    execute: (gameId, userId, action, dataJson, commandId = '') => c.executeCommand({ gameId, userId, action, dataJson, commandId }),
    setPlayerRole: (gameId, actorUserId, playerId, newRole) => c.setPlayerRole({ gameId, actorUserId, playerId, newRole }),
    setAdminViewer: (gameId, userId, enabled) => c.setAdminViewer({ gameId, userId, enabled }),
    shareTheme: (req) => c.shareTheme(req),
    updatePresence: (gameId, userId, delta, gatewayId = '') => c.updatePresence({ gameId, userId, delta, gatewayId }),
  };
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
  return { app, games: gamesOf(app.get(GameController)), store: app.get(GameStore), deadlines: app.get(DeadlineSweeper), close: () => app.close() };
}

/**
 * Registers a test file's beforeAll/afterAll for one replica: migrates `schema`, starts the replica on it
 * ({@link startReplica}), and afterwards drops the schema and closes the replica.
 * @returns the replica, whose members can be used inside the tests (they throw before beforeAll has run)
 */
export function useReplica(schema: string, clock: () => number, extraEnv: Record<string, string> = {}): Replica {
  let started: Replica | undefined;
  const r = (): Replica => {
    if (!started) throw new Error('the replica is not started (did beforeAll fail?)');
    return started;
  };
  beforeAll(async () => {
    await prepareSchema(schema);
    started = await startReplica(schema, clock, extraEnv);
  });
  afterAll(async () => {
    if (!started) return;
    await dropSchema(started, schema);
    await started.close();
  });
  return {
    get app() {
      return r().app;
    },
    get games() {
      return r().games;
    },
    get store() {
      return r().store;
    },
    get deadlines() {
      return r().deadlines;
    },
    close: () => r().close(),
  };
}

/** The six cards of a two-human, one-bot test game. */
export const TEST_ROLES = ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Basic Good Guy', 'Self-Checker'];

/**
 * A started game of a host, a guest and a bot ({@link TEST_ROLES}), played by the humans until `phase`.
 * @returns the game, with its host and guest ids (fresh UUIDs)
 */
export async function playedTo(games: Games, phase: Phase): Promise<{ gameId: string; roomCode: string; host: string; guest: string }> {
  const host = randomUUID();
  const guest = randomUUID();
  const ref = await games.createGame(host, 'Host');
  await games.joinGame(ref.roomCode, guest, 'Guest');
  await games.execute(ref.gameId, host, 'add_bot', '{}');
  await games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: TEST_ROLES }));
  await games.execute(ref.gameId, host, 'start_game', '{}');
  await driveTo(games, ref.gameId, [host, guest], phase);
  return { gameId: ref.gameId, roomCode: ref.roomCode, host, guest };
}

/**
 * Plays the humans' moves (as simulated clients from their own views) until the game reaches `phase`.
 * @throws Error when it does not get there in 200 moves
 */
export async function driveTo(games: Games, gameId: string, humans: string[], phase: Phase): Promise<void> {
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

/** One player's message of a view batch, as the gateway forwards it, with the batch's NATS headers. */
export interface PlayerMessage {
  text: string;
  json<T = unknown>(): T;
  headers: MsgHdrs | undefined;
}

/**
 * Subscribes to a game's view batches (`game.<id>.views`) and calls `onMessage` with the given player's message out
 * of each batch that has one, as a gateway holding that player's socket would forward it (docs/hot-path.md "One view
 * batch per change"). Flush the connection before acting on the game.
 */
export function subscribePlayer(nc: NatsConnection, gameId: string, userId: string, onMessage: (m: PlayerMessage) => void): Subscription {
  return nc.subscribe(gameViewsSubject(gameId), {
    callback: (err, msg) => {
      if (err) return;
      const bytes = ViewBatch.read(msg.data).messageFor(userId);
      if (!bytes) return;
      const text = Buffer.from(bytes).toString('utf8');
      onMessage({ text, json: <T>() => JSON.parse(text) as T, headers: msg.headers });
    },
  });
}
