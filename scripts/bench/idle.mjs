// `npm run bench -- --idle N`: the gateways' memory per idle connected socket. On a fresh stack (gateways started
// with --inspect on 127.0.0.1), the demo host creates ceil(N / H) rooms and H - 1 guests join each (REST, no
// socket yet); then, after a full garbage collection in every gateway, their memory is read (the "before"),
// every human opens /ws and joins its game (until its first view), the sockets stay idle for a while (nothing
// sent but the gateways' own traffic), and after another full collection the memory is read again.
// Per socket = (after - before) / sockets open on that gateway.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectInspector } from './inspector.mjs';

/** Seconds the sockets stay idle before the "after" reading (the CPU they cost is measured meanwhile). */
const HOLD_SECONDS = 5;

/**
 * @param {object} o the bench options (idle, humans, replicas, gateways, timeoutMs, stallMs)
 * @param {{log: (m: string) => void, stats: any, withBenchStack: Function}} ctx
 */
export async function idleBench(o, { log, stats, withBenchStack }) {
  const { freePort } = await import('@nightfall/testing/launcher');
  const { runIdle, signInDemoHost } = await import('./load.mjs');
  const names = Array.from({ length: o.gateways }, (_, i) => (i === 0 ? 'gateway' : `gateway-${i + 1}`));
  const inspectPorts = new Map();
  for (const n of names) inspectPorts.set(n, await freePort());
  const extraEnv = Object.fromEntries(names.map((n) => [n, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPorts.get(n)}`.trim() }]));
  return withBenchStack({ replicas: o.replicas, gateways: o.gateways, extraEnv, hardLimitMs: o.timeoutMs + 240_000 }, async ({ stack, nats, pg, adminUrl }) => {
    const hostCookie = await signInDemoHost(stack);
    const pids = stats.stackPids(stack, nats.url);
    // the CPU of each set-up step per human: the REST part (rooms, guest sign-ups) and the socket part (open, join)
    const trees = new Map();
    const postmaster = await stats.postmasterPid(adminUrl, pg);
    if (postmaster) trees.set('postgres', postmaster);
    const restSampler = stats.startMemorySampler(pids, 500, trees);
    let restCpu = null;
    let joinSampler = null;
    const baseOf = new Map(names.map((n, i) => [n, stack.urls[i]]));

    const inspectors = new Map();
    const rssKb = () => Object.fromEntries([...pids].map(([n, pid]) => [n, stats.procStatusKb(pid, 'VmRSS')]));
    const read = async () => {
      const gateways = {};
      for (const n of names) gateways[n] = await inspectors.get(n).memory();
      return { gateways, rssKb: rssKb() };
    };
    let before = null;
    const loadAverageAtStart = stats.loadAverage1();
    const games = Math.ceil(o.idle / o.humans);
    for (const n of names) inspectors.set(n, await connectInspector(inspectPorts.get(n)));
    if (o.profileDir) for (const n of names) await inspectors.get(n).startProfile();
    log(`idle sockets: ${o.idle} in ${games} games (${o.humans} humans each) over ${o.gateways} gateway(s); REST setup first...`);
    const idle = await runIdle(
      {
        bases: stack.urls,
        hostCookie,
        humans: o.humans,
        bots: 0,
        roles: null,
        sockets: o.idle,
        deadline: performance.now() + o.timeoutMs,
        stallMs: o.stallMs,
        thinkMs: 0,
        nextSimulatedMove: () => null,
        onProgress: (m) => log(`  ${m}`),
      },
      async () => {
        restCpu = restSampler.stop();
        if (o.profileDir) {
          mkdirSync(o.profileDir, { recursive: true });
          for (const n of names) writeFileSync(join(o.profileDir, `${n}-rest.cpuprofile`), JSON.stringify(await inspectors.get(n).stopProfile()));
        }
        before = await read();
        log('  memory before read (after a full GC in each gateway); opening the sockets...');
        if (o.profileDir) for (const n of names) await inspectors.get(n).startProfile();
        joinSampler = stats.startMemorySampler(pids, 500, trees);
      },
    );
    const joinCpu = joinSampler?.stop() ?? null;
    if (o.profileDir) {
      mkdirSync(o.profileDir, { recursive: true });
      for (const n of names) writeFileSync(join(o.profileDir, `${n}-socket-joins.cpuprofile`), JSON.stringify(await inspectors.get(n).stopProfile()));
      log(`  CPU profiles of the gateways over the REST set-up and over the socket joins in ${o.profileDir}`);
    }
    try {
      log(`  ${idle.joined} sockets joined in ${stats.round(idle.connectMs / 1000, 1)} s; holding them idle ${HOLD_SECONDS} s...`);
      const sampler = stats.startMemorySampler(pids, 500);
      await new Promise((r) => setTimeout(r, HOLD_SECONDS * 1000));
      const processes = sampler.stop();
      const after = await read();
      const openByBase = idle.openByBase();
      const open = idle.openNow();
      const kb = (bytes) => stats.round(bytes / 1024, 2);
      const mb = (bytes) => stats.round(bytes / 2 ** 20, 1);
      const gateways = {};
      for (const n of names) {
        const b = before.gateways[n];
        const a = after.gateways[n];
        const sockets = openByBase.get(baseOf.get(n)) ?? 0;
        const per = (x) => (sockets ? kb((a[x] - b[x]) / sockets) : null);
        gateways[n] = {
          sockets,
          rssMb: { before: mb(b.rss), after: mb(a.rss) },
          heapUsedMb: { before: mb(b.heapUsed), after: mb(a.heapUsed) },
          externalMb: { before: mb(b.external + b.arrayBuffers), after: mb(a.external + a.arrayBuffers) },
          perSocketKb: { rss: per('rss'), heapUsed: per('heapUsed'), heapTotal: per('heapTotal'), external: sockets ? kb((a.external + a.arrayBuffers - b.external - b.arrayBuffers) / sockets) : null },
        };
      }
      const sum = (f) => names.reduce((acc, n) => acc + f(n), 0);
      const total = {
        sockets: sum((n) => gateways[n].sockets),
        rssMb: { before: mb(sum((n) => before.gateways[n].rss)), after: mb(sum((n) => after.gateways[n].rss)) },
        heapUsedMb: { before: mb(sum((n) => before.gateways[n].heapUsed)), after: mb(sum((n) => after.gateways[n].heapUsed)) },
      };
      total.perSocketKb = {
        rss: total.sockets ? kb(sum((n) => after.gateways[n].rss - before.gateways[n].rss) / total.sockets) : null,
        heapUsed: total.sockets ? kb(sum((n) => after.gateways[n].heapUsed - before.gateways[n].heapUsed) / total.sockets) : null,
      };
      const others = {};
      for (const n of pids.keys()) {
        if (names.includes(n)) continue;
        const b = before.rssKb[n];
        const a = after.rssKb[n];
        others[n] = { rssMb: { before: stats.round((b ?? 0) / 1024, 1), after: stats.round((a ?? 0) / 1024, 1) }, perSocketKb: a !== null && b !== null && open ? stats.round((a - b) / open, 2) : null };
      }
      const out = {
        sockets: o.idle,
        humansPerGame: o.humans,
        games: idle.games,
        gatewayCount: o.gateways,
        replicas: o.replicas,
        joined: idle.joined,
        open,
        setupSeconds: stats.round(idle.setupMs / 1000, 1),
        joinSeconds: stats.round(idle.connectMs / 1000, 1),
        holdSeconds: HOLD_SECONDS,
        gateways,
        total,
        others,
        cpuWhileIdlePercent: Object.fromEntries(Object.entries(processes).map(([n, p]) => [n, p.cpuPercent])),
        setupCpuMsPerHuman: setupCpu(restCpu, joinCpu, o.idle, idle.joined, stats),
        errorsByCode: Object.fromEntries(idle.metrics.errors),
        failures: idle.failures.slice(0, 20),
        loadAverageAtStart,
      };
      printIdle(out, stats);
      return out;
    } finally {
      await idle.close();
      for (const i of inspectors.values()) i.close();
    }
  });
}

/**
 * CPU ms per human of the two set-up steps, per process: the REST part (the host's rooms, the guests' sign-ups
 * and joins) over the humans set up, the socket part (open /ws, session check, join_game until the first view)
 * over the sockets joined; `stack` sums every process but the bench client.
 */
function setupCpu(rest, join, humans, joined, stats) {
  if (!rest || !join) return null;
  const per = (p, n) => (p?.cpuSeconds === null || p?.cpuSeconds === undefined || !n ? null : stats.round((1000 * p.cpuSeconds) / n, 3));
  const out = {};
  for (const n of Object.keys(rest)) out[n] = { rest: per(rest[n], humans), join: per(join[n], joined) };
  const sum = (k) => stats.round(Object.entries(out).filter(([n]) => n !== 'bench client').reduce((a, [, v]) => a + (v[k] ?? 0), 0), 3);
  out.stack = { rest: sum('rest'), join: sum('join') };
  return out;
}

function printIdle(r, stats) {
  console.log('');
  console.log(`== Idle sockets: ${r.open} of ${r.sockets} open, joined to ${r.games} games (${r.humansPerGame} per game) through ${r.gatewayCount} gateway(s), ${r.replicas} game-engine(s), no action ==`);
  console.log(`REST setup ${r.setupSeconds} s, sockets joined in ${r.joinSeconds} s, then ${r.holdSeconds} s idle. Memory read after a full GC (inspector), before the sockets opened and after the idle hold;`);
  console.log('per socket = (after - before) / sockets on that gateway (KB = 1024 bytes). external = external + arrayBuffers.');
  const rows = Object.entries(r.gateways).map(([n, g]) => [
    n, g.sockets, `${g.rssMb.before} -> ${g.rssMb.after}`, g.perSocketKb.rss, `${g.heapUsedMb.before} -> ${g.heapUsedMb.after}`, g.perSocketKb.heapUsed, `${g.externalMb.before} -> ${g.externalMb.after}`, g.perSocketKb.external,
  ]);
  if (Object.keys(r.gateways).length > 1) rows.push(['all gateways', r.total.sockets, `${r.total.rssMb.before} -> ${r.total.rssMb.after}`, r.total.perSocketKb.rss, `${r.total.heapUsedMb.before} -> ${r.total.heapUsedMb.after}`, r.total.perSocketKb.heapUsed, '', '']);
  console.log(stats.table(['gateway', 'sockets', 'RSS MB', 'RSS KB / socket', 'heap used MB', 'heap KB / socket', 'external MB', 'external KB / socket'], rows));
  console.log('');
  console.log('Other processes (RSS before -> after, per open socket; CPU while idle, % of a core):');
  console.log(
    stats.table(
      ['process', 'RSS MB', 'KB / socket', 'CPU idle %'],
      [
        ...Object.keys(r.gateways).map((n) => [n, '(above)', '', r.cpuWhileIdlePercent[n]]),
        ...Object.entries(r.others).map(([n, x]) => [n, `${x.rssMb.before} -> ${x.rssMb.after}`, x.perSocketKb, r.cpuWhileIdlePercent[n]]),
      ],
    ),
  );
  if (r.setupCpuMsPerHuman) {
    console.log('');
    console.log('Set-up CPU per human (ms): REST = rooms created and guests signed up and joined, over the humans; socket = /ws');
    console.log('opened, session checked, join_game until the first view, over the sockets joined (stack = all but the bench client):');
    console.log(stats.table(['process', 'REST ms / human', 'socket ms / socket'], Object.entries(r.setupCpuMsPerHuman).map(([n, v]) => [n, v.rest ?? '-', v.join ?? '-'])));
  }
  const errs = Object.entries(r.errorsByCode);
  console.log('');
  console.log('Errors by code:');
  console.log(errs.length ? stats.table(['code', 'count'], errs) : '(none)');
  for (const f of r.failures.slice(0, 5)) console.log(`  e.g. ${JSON.stringify(f)}`);
}
