import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as loader from '@grpc/proto-loader';
import { DataSource } from 'typeorm';
import { PROTO_ROOT, type gameV1 } from '@nightfall/contracts';
import type { GameSnapshot } from '@nightfall/protocol';
import { testDatabaseUrl, testNatsUrl, uniqueSchema } from '@nightfall/server-kit';
import { freePort, waitForHttp } from '@nightfall/testing/launcher';
import { playedTo, prepareSchema, type Games } from '../testing/engine-harness.js';

/**
 * The write path of docs/hot-path.md against real processes: two game-engine processes (built dist) on one
 * schema, PostgreSQL and NATS. The owner is killed with SIGKILL while commands are in flight; every command
 * it acknowledged must be in the game the other engine serves, and the other engine must serve it within 5 s.
 */
const schema = uniqueSchema('takeover');
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

interface Engine {
  proc: ChildProcess;
  games: Games;
  close(): void;
}

type Unary<Req, Res> = (req: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => void;

/** Starts one game-engine process and a gRPC client to it. */
async function startEngine(): Promise<Engine> {
  const [grpcPort, healthPort] = [await freePort(), await freePort()];
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      DATABASE_SCHEMA: schema,
      NATS_URL: testNatsUrl(),
      GAME_GRPC_URL: `127.0.0.1:${grpcPort}`,
      GAME_HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'warn',
      ADMIN_GRPC_TARGET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let alive = true;
  proc.once('exit', () => (alive = false));
  await waitForHttp(`http://127.0.0.1:${healthPort}/health/ready`, 30_000, () => alive);
  const def = loader.loadSync('nightfall/game/v1/game.proto', { includeDirs: [PROTO_ROOT], keepCase: false, defaults: true });
  const Service = (grpc.loadPackageDefinition(def) as unknown as { nightfall: { game: { v1: { GameService: grpc.ServiceClientConstructor } } } }).nightfall.game.v1.GameService;
  const client = new Service(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure()) as unknown as grpc.Client & Record<string, Unary<unknown, unknown>>;
  const call = <Req, Res>(method: string, req: Req): Promise<Res> =>
    new Promise((res, rej) => (client[method] as Unary<Req, Res>).call(client, req, (err, out) => (err ? rej(err) : res(out))));
  const games: Games = {
    createGame: (hostUserId, hostDisplayName) => call('createGame', { hostUserId, hostDisplayName }),
    joinGame: (roomCode, userId, displayName) => call('joinGame', { roomCode, userId, displayName }),
    spectate: (roomCode, userId, displayName) => call('joinGame', { roomCode, userId, displayName, spectator: true }),
    getSnapshot: async (gameId, viewerUserId) => JSON.parse((await call<unknown, gameV1.GameSnapshot>('getGameView', { gameId, viewerUserId })).snapshotJson) as GameSnapshot,
    openView: async (gameId, viewerUserId, o) => JSON.parse((await call<unknown, gameV1.GameSnapshot>('openGameView', { gameId, viewerUserId, ...o })).snapshotJson) as GameSnapshot,
    execute: (gameId, userId, action, dataJson, commandId = '') => call('executeCommand', { gameId, userId, action, dataJson, commandId }),
    setPlayerRole: (gameId, actorUserId, playerId, newRole) => call('setPlayerRole', { gameId, actorUserId, playerId, newRole }),
    setAdminViewer: (gameId, userId, enabled) => call('setAdminViewer', { gameId, userId, enabled }),
    shareTheme: (req) => call('shareTheme', req),
    updatePresence: (gameId, userId, delta) => call('updatePresence', { gameId, userId, delta }),
  };
  return {
    proc,
    games,
    close: () => {
      client.close();
      if (alive) proc.kill('SIGTERM');
    },
  };
}

describe('kill -9 of the engine that owns a game (two engine processes, real PostgreSQL + NATS)', () => {
  let a: Engine;
  let b: Engine;
  let ds: DataSource;

  beforeAll(async () => {
    await prepareSchema(schema);
    [a, b] = await Promise.all([startEngine(), startEngine()]);
    ds = new DataSource({ type: 'postgres', url: testDatabaseUrl() });
    await ds.initialize();
  }, 90_000);
  afterAll(async () => {
    a?.close();
    b?.close();
    await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await ds?.destroy();
  });

  it('keeps every acknowledged command, and the other engine serves the game within 5 s', async () => {
    const { host, guest, ...ref } = await playedTo(a.games, 'discussion');
    const [owner] = await ds.query(`SELECT owner_id FROM "${schema}".games WHERE id = $1`, [ref.gameId]);
    expect(owner.owner_id).not.toBeNull();

    // chat lines from both players, 8 in flight at a time, to engine A, which owns the game
    const acked: Array<{ content: string; version: number }> = [];
    const tried: Array<{ n: number; content: string }> = [];
    let sent = 0;
    let killedAt = 0;
    const sender = async (k: number) => {
      for (;;) {
        const n = sent++;
        if (n >= 150 || killedAt) return;
        const content = `line ${n} from sender ${k}`;
        tried.push({ n, content });
        const call = a.games.execute(ref.gameId, n % 2 ? host : guest, 'send_message', JSON.stringify({ content }), `cmd-${n}`);
        // once 40 are acknowledged, A dies with this command just sent and the other senders' in flight (killed
        // here, not by a timer that a busy machine may run late, after every command was acknowledged)
        if (acked.length >= 40 && !killedAt) {
          a.proc.kill('SIGKILL');
          killedAt = Date.now();
        }
        try {
          const res = await call;
          acked.push({ content, version: res.version });
        } catch {
          return; // the engine died under this call: not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, k) => sender(k)));
    expect(killedAt).toBeGreaterThan(0);

    // engine B serves the game as soon as A's lease has lapsed
    let snap: GameSnapshot | null = null;
    while (!snap && Date.now() - killedAt < 10_000) {
      snap = await b.games.getSnapshot(ref.gameId, host).catch(() => null);
      if (!snap) await new Promise((r) => setTimeout(r, 50));
    }
    const tookOverMs = Date.now() - killedAt;
    expect(snap).not.toBeNull();
    expect(tookOverMs).toBeLessThan(5000);

    // every acknowledged line is there, once, and the game is at least at the newest acknowledged version
    const contents = snap!.messages.map((m) => m.content);
    for (const { content } of acked) expect(contents.filter((c) => c === content)).toHaveLength(1);
    expect(snap!.version).toBeGreaterThanOrEqual(Math.max(...acked.map((x) => x.version)));
    expect(new Set(contents).size).toBe(contents.length);
    expect(snap!.view.game.phase).toBe('discussion');

    // B owns it now, under a higher fence, and goes on with the next version
    const [row] = await ds.query(`SELECT owner_id, fence FROM "${schema}".games WHERE id = $1`, [ref.gameId]);
    expect(row.owner_id).not.toBe(owner.owner_id);
    const next = await b.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'after the crash' }));
    expect(next.version).toBe(snap!.version + 1);
    const log = await ds.query(`SELECT count(*)::int AS n, max(version) AS v FROM "${schema}".game_log WHERE game_id = $1`, [ref.gameId]);
    expect(log[0].v).toBe(next.version);

    // a client sends every line again with its command id (docs/faults.md "Commands applied once"): the
    // acknowledged ones, and those in flight that A committed before dying, are not applied twice; the rest are
    const unacked = tried.filter((t) => !acked.some((a) => a.content === t.content));
    expect(unacked.length).toBeGreaterThan(0);
    for (const t of tried) await b.games.execute(ref.gameId, t.n % 2 ? host : guest, 'send_message', JSON.stringify({ content: t.content }), `cmd-${t.n}`);
    const after = await b.games.getSnapshot(ref.gameId, host);
    const lines = after.messages.map((m) => m.content);
    for (const t of tried) expect([t.content, lines.filter((c) => c === t.content).length]).toEqual([t.content, 1]);
    // the same command id from another player (cmd-0 was the guest's) is that player's own command
    const other = await b.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'same id, other player' }), 'cmd-0');
    expect(other.version).toBeGreaterThan(after.version);
  }, 90_000);
});
