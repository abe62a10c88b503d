#!/usr/bin/env node
// The floor of the stack's hops: what a human's set-up and a move cost the machine when they pass through the same
// processes and transports as in Nightfall (WebSocket -> gRPC stream -> PostgreSQL -> NATS -> WebSocket; a REST join
// -> two unary gRPC calls -> PostgreSQL), with none of Nightfall's code, no framework, no rules and no checks.
// It tells how far the real stack is above the cost of its own architecture on this machine (scripts/bench/README.md
// "The floor of the hops"; docs/hot-path.md).
//
//   node scripts/bench/hops.mjs [--games 200] [--humans 3] [--think 2000] [--seconds 20] [--view-bytes 2800]
//
// Four processes, as the stack has them: this driver (the simulated clients, not counted), `edge` (the gateway's
// place: HTTP, WebSockets, a gRPC stream to `core`, NATS subscriber), `core` (game-engine's: a gRPC server that
// INSERTs one row per move behind a FOR SHARE lock of its game's row, as the fenced log commit does, publishes the
// move's views as one NATS message and acknowledges on the stream) and `accounts` (identity's: one INSERT per guest),
// with the launcher's PostgreSQL and nats-server. Phase 1: every human's REST join (edge -> accounts, edge -> core)
// and socket. Phase 2: the moves, closed loop, each socket acting again 0..think ms after the view of its own move.
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import grpc from '@grpc/grpc-js';
import { connect as natsConnect } from '@nats-io/transport-node';
import pg from 'pg';
import { WebSocket, WebSocketServer } from 'ws';
import { ensureNats, ensurePostgres, freePort } from '../../libs/testing/launcher/index.mjs';
import { natsServerPid, postmasterPid, processTreeCpuSeconds, procCpuSeconds, round, summarize, table } from './stats.mjs';

const GRPC_OPTIONS = { 'grpc.enable_channelz': 0 };
const raw = { requestSerialize: (b) => b, requestDeserialize: (b) => b, responseSerialize: (b) => b, responseDeserialize: (b) => b };
const CORE = {
  Moves: { path: '/hops.Core/Moves', requestStream: true, responseStream: true, ...raw },
  Join: { path: '/hops.Core/Join', requestStream: false, responseStream: false, ...raw },
};
const ACCOUNTS = { CreateGuest: { path: '/hops.Accounts/CreateGuest', requestStream: false, responseStream: false, ...raw } };

/** Joins made and closed before the measured ones (fewer left the set-up's figure 20-50 % higher in trials). */
const WARM_JOINS = 3000;

/** A move on the wire: game (u32), socket (u32), move number (u32), then a small JSON body as a client sends. */
const MOVE_BODY = Buffer.from(JSON.stringify({ type: 'game_action', action: 'ready_next_phase', data: {}, commandId: '0'.repeat(36) }));

function serve(def, impl) {
  const server = new grpc.Server(GRPC_OPTIONS);
  server.addService(def, impl);
  return server;
}

async function bind(server, port) {
  await new Promise((res, rej) => server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (err) => (err ? rej(err) : res())));
}

/** game-engine's place: one row per move behind its game's row lock, one NATS message of views, one acknowledgement. */
async function core() {
  const { DATABASE_URL, NATS_URL, PORT, HUMANS, VIEW_BYTES } = process.env;
  const humans = Number(HUMANS);
  const viewBytes = Number(VIEW_BYTES);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  const nc = await natsConnect({ servers: NATS_URL });
  const filler = randomBytes(viewBytes * humans);
  let seq = 0;
  const server = serve(CORE, {
    Moves: (call) => {
      call.on('data', async (move) => {
        const game = move.readUInt32BE(0);
        const n = ++seq;
        await pool.query({
          name: 'move',
          text: 'INSERT INTO moves (game, seq, body) SELECT $1, $2, $3 FROM games WHERE id = $1 AND token = 1 FOR SHARE',
          values: [game, n, move.subarray(12)],
        });
        // the views of the move: 12 bytes naming it, then one part per viewer
        const batch = Buffer.allocUnsafe(12 + filler.length);
        move.copy(batch, 0, 0, 12);
        filler.copy(batch, 12);
        nc.publish(`views.${game}`, batch);
        call.write(move.subarray(0, 12));
      });
      call.on('end', () => call.end());
    },
    Join: async (call, cb) => {
      const game = call.request.readUInt32BE(0);
      await pool.query({ name: 'join', text: 'INSERT INTO seats (game, user_id) SELECT $1, $2 FROM games WHERE id = $1 FOR SHARE', values: [game, call.request.subarray(4).toString()] });
      cb(null, Buffer.from(JSON.stringify({ gameId: game, seated: true })));
    },
  });
  await bind(server, PORT);
  process.send?.('ready');
}

/** identity's place: one INSERT per guest, the user's id back. */
async function accounts() {
  const { DATABASE_URL, PORT } = process.env;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  const server = serve(ACCOUNTS, {
    CreateGuest: async (call, cb) => {
      const r = await pool.query({ name: 'guest', text: 'INSERT INTO users (display_name) VALUES ($1) RETURNING id', values: [call.request.toString()] });
      cb(null, Buffer.from(String(r.rows[0].id)));
    },
  });
  await bind(server, PORT);
  process.send?.('ready');
}

/** The gateway's place: POST /join (two unary calls), WebSockets whose frames go on one gRPC stream, views from NATS to the game's sockets. */
async function edge() {
  const { NATS_URL, PORT, CORE_ADDRESS, ACCOUNTS_ADDRESS, VIEW_BYTES, HUMANS } = process.env;
  const viewBytes = Number(VIEW_BYTES);
  const humans = Number(HUMANS);
  const coreClient = new grpc.Client(CORE_ADDRESS, grpc.credentials.createInsecure(), GRPC_OPTIONS);
  const accountsClient = new grpc.Client(ACCOUNTS_ADDRESS, grpc.credentials.createInsecure(), GRPC_OPTIONS);
  const unary = (client, def, arg) =>
    new Promise((res, rej) => client.makeUnaryRequest(def.path, def.requestSerialize, def.responseDeserialize, arg, (err, out) => (err ? rej(err) : res(out))));
  const stream = coreClient.makeBidiStreamRequest(CORE.Moves.path, CORE.Moves.requestSerialize, CORE.Moves.responseDeserialize);
  stream.on('data', () => {}); // the acknowledgements, read as the gateway reads them
  /** game -> its sockets, in seat order */
  const tables = new Map();
  const nc = await natsConnect({ servers: NATS_URL });
  nc.subscribe('views.>', {
    callback: (err, msg) => {
      if (err) return;
      const data = Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
      const sockets = tables.get(data.readUInt32BE(0));
      if (!sockets) return;
      for (let i = 0; i < sockets.length && i < humans; i++) {
        // each viewer's message: the 12 bytes naming the move, then the viewer's own part
        const part = Buffer.allocUnsafe(12 + viewBytes);
        data.copy(part, 0, 0, 12);
        data.copy(part, 12, 12 + i * viewBytes, 12 + (i + 1) * viewBytes);
        sockets[i].send(part);
      }
    },
  });
  const http = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const userId = (await unary(accountsClient, ACCOUNTS.CreateGuest, Buffer.from(body.displayName))).toString();
        const game = Buffer.allocUnsafe(4);
        game.writeUInt32BE(body.game);
        const seat = JSON.parse((await unary(coreClient, CORE.Join, Buffer.concat([game, Buffer.from(userId)]))).toString());
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': `session=${userId}; HttpOnly; Path=/` });
        res.end(JSON.stringify({ userId, gameId: seat.gameId }));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, req) => {
    const game = Number(new URL(req.url, 'http://x').searchParams.get('game'));
    const sockets = tables.get(game) ?? [];
    tables.set(game, sockets);
    sockets.push(socket);
    socket.on('message', (frame) => stream.write(frame));
    socket.on('close', () => sockets.splice(sockets.indexOf(socket), 1));
    socket.send(Buffer.alloc(12)); // the first view
  });
  http.listen(Number(PORT), '127.0.0.1', () => process.send?.('ready'));
}

function post(port, body) {
  return new Promise((res, rej) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/join', headers: { 'content-type': 'application/json', 'content-length': data.length } }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => (r.statusCode === 200 ? res(JSON.parse(Buffer.concat(chunks).toString())) : rej(new Error(`POST /join: ${r.statusCode}`))));
    });
    req.on('error', rej);
    req.end(data);
  });
}

/** Starts this file in a role; resolves once it listens. */
function startRole(role, env) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--role', role], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((res, rej) => {
    child.once('message', () => res(child));
    child.once('exit', (code) => rej(new Error(`${role} exited (${code})`)));
  });
}

/** CPU seconds of the measured processes now. */
function cpuNow(pids, pgPid) {
  const out = Object.fromEntries([...pids].map(([name, pid]) => [name, procCpuSeconds(pid)]));
  out.postgres = processTreeCpuSeconds(pgPid);
  return out;
}

/**
 * Runs the floor of the hops (both phases) on a fresh database and returns its figures.
 * @param {{games: number, humans: number, think: number, seconds: number, warmup: number, viewBytes: number, actionsPerHuman?: number | null}} o
 *   think and its moves' warm-up in ms and s as the options above
 * @returns {Promise<{config: object, setupSeconds: number, humansJoined: number, moves: number, movesPerSecond: number,
 *   latency: object | null, setupMsPerHuman: Record<string, number>, cpuMsPerMove: Record<string, number>,
 *   setupMs: number, moveMs: number, floorPerActionMs: number | null}>} CPU in ms of each process (edge, core, accounts,
 *   postgres, nats-server), `setupMs` and `moveMs` their sums; floorPerActionMs = moveMs + setupMs / actionsPerHuman
 * @throws Error when a role process fails to start or a join is refused
 */
export async function runHops(o, log = (m) => console.log(`[hops] ${m}`)) {
  const pgInfo = await ensurePostgres(log);
  const nats = await ensureNats(log);
  const db = `nf_hops_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgInfo.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(pgInfo.url);
  url.pathname = `/${db}`;
  const DATABASE_URL = url.toString();
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  await c.query(`CREATE TABLE games (id int PRIMARY KEY, token bigint NOT NULL);
    CREATE TABLE moves (game int NOT NULL REFERENCES games, seq bigint NOT NULL, body bytea NOT NULL, PRIMARY KEY (game, seq));
    CREATE TABLE users (id bigserial PRIMARY KEY, display_name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE seats (game int NOT NULL REFERENCES games, user_id text NOT NULL, PRIMARY KEY (game, user_id));
    INSERT INTO games SELECT g, 1 FROM generate_series(0, ${o.games - 1}) g;`);
  await c.end();
  const pgPid = await postmasterPid(pgInfo.url, pg);
  const natsPid = natsServerPid(nats.url);
  const [corePort, accountsPort, edgePort] = [await freePort(), await freePort(), await freePort()];
  const env = { DATABASE_URL, NATS_URL: nats.url, HUMANS: String(o.humans), VIEW_BYTES: String(o.viewBytes) };
  const children = [];
  try {
    children.push(await startRole('core', { ...env, PORT: String(corePort) }));
    children.push(await startRole('accounts', { ...env, PORT: String(accountsPort) }));
    children.push(await startRole('edge', { ...env, PORT: String(edgePort), CORE_ADDRESS: `127.0.0.1:${corePort}`, ACCOUNTS_ADDRESS: `127.0.0.1:${accountsPort}` }));
    const pids = new Map([['edge', children[2].pid], ['core', children[0].pid], ['accounts', children[1].pid], ['nats-server', natsPid]]);

    // phase 1: every human joins (REST, then the socket and its first view), 8 at a time, after as many joins of
    // warm-up as humans and at least WARM_JOINS (their sockets closed again), so that V8 has optimised the code as in
    // the stack's warm runs
    const join = async (list) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < list.length) {
            const hu = list[next++];
            await post(edgePort, { game: hu.game, displayName: `G${hu.game}-${hu.seat}` });
            hu.ws = new WebSocket(`ws://127.0.0.1:${edgePort}/ws?game=${hu.game}`);
            await new Promise((res, rej) => {
              hu.ws.once('message', res);
              hu.ws.once('error', rej);
            });
          }
        }),
      );
    };
    const seats = () => {
      const list = [];
      for (let g = 0; g < o.games; g++) for (let h = 0; h < o.humans; h++) list.push({ game: g, seat: h });
      return list;
    };
    log(`${o.games} games x ${o.humans} humans join (after at least ${WARM_JOINS} joins of warm-up)...`);
    const warm = seats();
    while (warm.length < WARM_JOINS) warm.push(...seats());
    await join(warm);
    await Promise.all(warm.map((hu) => new Promise((res) => (hu.ws.once('close', res), hu.ws.close()))));
    const humans = seats();
    const setup0 = cpuNow(pids, pgPid);
    const t0 = performance.now();
    await join(humans);
    const setupMs = performance.now() - t0;
    const setup1 = cpuNow(pids, pgPid);

    // phase 2: moves, closed loop with think time
    log(`moves for ${o.seconds} s after ${o.warmup} s of warm-up (think 0-${o.think} ms)...`);
    const latencies = [];
    let measuring = false;
    let running = true;
    humans.forEach((hu, i) => {
      hu.n = 0;
      const send = () => {
        if (!running) return;
        hu.n++;
        const frame = Buffer.allocUnsafe(12 + MOVE_BODY.length);
        frame.writeUInt32BE(hu.game, 0);
        frame.writeUInt32BE(i, 4);
        frame.writeUInt32BE(hu.n, 8);
        MOVE_BODY.copy(frame, 12);
        hu.sentAt = performance.now();
        hu.ws.send(frame);
      };
      hu.ws.on('message', (data) => {
        if (data.readUInt32BE(4) !== i || data.readUInt32BE(8) !== hu.n) return;
        if (measuring) latencies.push(performance.now() - hu.sentAt);
        hu.timer = setTimeout(send, Math.random() * o.think);
      });
      // the first moves spread over half the think time: from the start as many moves a second as later, when each
      // socket acts about every think / 2 ms
      hu.timer = setTimeout(send, (Math.random() * o.think) / 2);
    });
    await new Promise((r) => setTimeout(r, o.warmup * 1000));
    const m0 = cpuNow(pids, pgPid);
    const tm0 = performance.now();
    measuring = true;
    await new Promise((r) => setTimeout(r, o.seconds * 1000));
    measuring = false;
    const m1 = cpuNow(pids, pgPid);
    const seconds = (performance.now() - tm0) / 1000;
    running = false;
    for (const hu of humans) clearTimeout(hu.timer);
    await new Promise((r) => setTimeout(r, 1000)); // the moves in flight end; later ones are not sent
    for (const hu of humans) hu.ws.close();

    const names = ['edge', 'core', 'accounts', 'postgres', 'nats-server'];
    const per = (a, b, n) => Object.fromEntries(names.map((k) => [k, ((b[k] - a[k]) * 1000) / n]));
    const setup = per(setup0, setup1, humans.length);
    const moves = latencies.length;
    const move = per(m0, m1, moves);
    const sum = (x) => names.reduce((s, k) => s + x[k], 0);
    const lat = summarize(latencies);
    const r3 = (x) => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, round(v, 3)]));
    return {
      config: o,
      setupSeconds: round(setupMs / 1000, 1),
      humansJoined: humans.length,
      moves,
      movesPerSecond: round(moves / seconds, 1),
      latency: lat && { p50: round(lat.p50), p95: round(lat.p95), p99: round(lat.p99) },
      setupMsPerHuman: r3(setup),
      cpuMsPerMove: r3(move),
      setupMs: round(sum(setup), 3),
      moveMs: round(sum(move), 3),
      floorPerActionMs: o.actionsPerHuman ? round(sum(move) + sum(setup) / o.actionsPerHuman, 3) : null,
    };
  } finally {
    for (const ch of children) ch.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await nats.stop();
    await pgInfo.stop();
  }
}

/** Prints a {@link runHops} result. */
export function printHops(r) {
  const o = r.config;
  const names = Object.keys(r.setupMsPerHuman);
  console.log(`\n== The floor of the hops: ${o.games} games x ${o.humans} humans, think 0-${o.think} ms, views of ${o.viewBytes} B per viewer ==`);
  console.log(`set-up: ${r.humansJoined} humans in ${r.setupSeconds} s; moves: ${r.moves} = ${r.movesPerSecond} moves/s, move -> view p50 / p95 / p99 ${r.latency?.p50} / ${r.latency?.p95} / ${r.latency?.p99} ms`);
  console.log('CPU, ms (REST join + socket and first view per human; per move in the closed loop):');
  console.log(table(['process', 'set-up per human', 'per move'], [...names.map((k) => [k, r.setupMsPerHuman[k], r.cpuMsPerMove[k]]), ['all', r.setupMs, r.moveMs]]));
  if (r.floorPerActionMs !== null) console.log(`with ${round(o.actionsPerHuman, 2)} moves per human, the floor of CPU per action, set-up included: ${r.floorPerActionMs} ms`);
}

const main = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
// run as a script (a role, or the driver); scripts/bench.mjs imports runHops for --floor
if (main) {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      games: { type: 'string', default: '200' },
      humans: { type: 'string', default: '3' },
      think: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      'view-bytes': { type: 'string', default: '2800' },
      'actions-per-human': { type: 'string' },
    },
  });
  if (values.role === 'core') await core();
  else if (values.role === 'accounts') await accounts();
  else if (values.role === 'edge') await edge();
  else {
    printHops(
      await runHops({
        games: Number(values.games),
        humans: Number(values.humans),
        think: Number(values.think),
        seconds: Number(values.seconds),
        warmup: Number(values.warmup),
        viewBytes: Number(values['view-bytes']),
        actionsPerHuman: values['actions-per-human'] ? Number(values['actions-per-human']) : null,
      }),
    );
  }
}
