// `npm run bench -- --baseline`: the same sockets and rooms as the stack run, against a bare `ws` fan-out
// server (ws-baseline-server.mjs, a child process on this machine) that answers each action with one message
// of the game's mean view size to every socket of the room. The clients (in the bench process) time each
// action until its own echo: the message the server fanned out for that action, which the sender recognises by
// its id and sequence number. (The stack run takes the first view newer than the version the sender held, which
// can be another player's view and so come sooner: the ratios understate the gap, if anything.) Two phases,
// each after a 1 s warm-up:
//   - closed loop: every socket sends again as soon as its action is answered (no think time): the most
//     actions per second the bare server and the clients reach on this machine;
//   - at the stack's rate: actions arrive at random (Poisson) at the stack run's actions per second, each from
//     a random socket, whatever is in flight: the latency of the bare server under the same load.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { procCpuSeconds, procStatusKb, round, summarize } from './stats.mjs';

const SERVER = resolve(import.meta.dirname, 'ws-baseline-server.mjs');
/** The head of every server message: version, sender id, sender's sequence number. */
const HEAD = /^\{"type":"game_updated","version":(\d+),"by":(\d+),"seq":(\d+)/;
/** A small action, as a client of the game sends (with the sender's id `c` and sequence number `s`). */
const action = (c, s) =>
  JSON.stringify({ type: 'game_action', gameId: '00000000-0000-4000-8000-000000000000', action: 'submit_vote', data: { targetUserId: '00000000-0000-4000-8000-000000000001' }, c, s });

/** Starts the server child; resolves with {child, port}. */
function startServer(viewBytes) {
  return new Promise((res, rej) => {
    const child = fork(SERVER, [String(viewBytes)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => rej(new Error('the ws baseline server did not start in 10 s')), 10_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      res({ child, port: m.port });
    });
    child.once('exit', (code) => rej(new Error(`the ws baseline server exited (${code})`)));
  });
}

/** One socket: its room's latest version and its actions in flight. */
class Client {
  constructor(phase, id) {
    this.phase = phase;
    this.id = id;
    this.seq = 0;
    this.version = 0;
    /** actions in flight, oldest first (the server answers a socket's actions in order) */
    this.pendings = [];
    this.ws = null;
  }

  open(url) {
    return new Promise((res, rej) => {
      this.ws = new WebSocket(url, { perMessageDeflate: false });
      this.ws.once('open', res);
      this.ws.once('error', rej);
      this.ws.on('message', (data) => this.onMessage(data));
    });
  }

  send() {
    const p = this.phase.current;
    const seq = ++this.seq;
    this.pendings.push({ seq, t0: performance.now(), measured: p.measuring });
    if (p.measuring) p.sent++;
    this.ws.send(action(this.id, seq));
  }

  onMessage(data) {
    const p = this.phase.current;
    if (p.measuring) p.received++;
    const m = HEAD.exec(data.toString('latin1', 0, 96));
    if (!m) return;
    const v = Number(m[1]);
    if (v > this.version) this.version = v;
    if (Number(m[2]) !== this.id) return;
    const seq = Number(m[3]);
    const now = performance.now();
    while (this.pendings.length && this.pendings[0].seq <= seq) {
      const x = this.pendings.shift();
      if (x.measured && x.seq === seq) p.latencies.push(now - x.t0);
    }
    if (p.closedLoop && p.running && this.pendings.length === 0) this.send();
  }
}

/**
 * Runs the bare ws baseline.
 * @param {object} o
 * @param {number} o.rooms rooms (the stack run's games)
 * @param {number} o.socketsPerRoom sockets per room (the stack run's humans per game)
 * @param {number} o.viewBytes size of the message fanned out per action (the stack run's mean view size)
 * @param {number} o.seconds measured seconds of each phase
 * @param {number|null} o.rate actions per second of the second phase (the stack run's), null to skip it
 * @param {(msg: string) => void} o.log
 */
export async function runBaseline(o) {
  const { child, port } = await startServer(o.viewBytes);
  const state = { current: null };
  const clients = [];
  try {
    const urls = [];
    for (let r = 0; r < o.rooms; r++) for (let k = 0; k < o.socketsPerRoom; k++) urls.push(`ws://127.0.0.1:${port}/?room=${r}`);
    o.log(`bare ws baseline: ${o.rooms} rooms x ${o.socketsPerRoom} sockets, ${o.viewBytes} B per message; connecting...`);
    state.current = newPhase(false);
    for (let i = 0; i < urls.length; i += 200) {
      const batch = urls.slice(i, i + 200).map((u) => {
        const c = new Client(state, clients.length + 1);
        clients.push(c);
        return c.open(u);
      });
      await Promise.all(batch);
    }
    const rssStartKb = procStatusKb(child.pid, 'VmRSS');
    o.log(`  closed loop, no think time: ${o.seconds} s...`);
    const closed = await runPhase(state, clients, child.pid, { closedLoop: true, seconds: o.seconds });
    let atRate = null;
    if (o.rate) {
      o.log(`  at the stack's rate, ${o.rate} actions/s (Poisson): ${o.seconds} s...`);
      atRate = await runPhase(state, clients, child.pid, { closedLoop: false, seconds: o.seconds, rate: o.rate });
    }
    return {
      server: 'ws 8 (scripts/bench/ws-baseline-server.mjs), one process, in memory',
      rooms: o.rooms,
      socketsPerRoom: o.socketsPerRoom,
      sockets: clients.length,
      viewBytes: o.viewBytes,
      serverRssMb: { start: round((rssStartKb ?? 0) / 1024, 1), end: round((procStatusKb(child.pid, 'VmRSS') ?? 0) / 1024, 1), hwm: round((procStatusKb(child.pid, 'VmHWM') ?? 0) / 1024, 1) },
      closedLoop: closed,
      atStackRate: atRate,
    };
  } finally {
    for (const c of clients) c.ws?.terminate();
    child.kill('SIGTERM');
  }
}

function newPhase(closedLoop) {
  return { closedLoop, running: false, measuring: false, sent: 0, received: 0, latencies: [] };
}

/** One phase: 1 s warm-up, `seconds` measured, then up to 3 s for the answers in flight. */
async function runPhase(state, clients, serverPid, { closedLoop, seconds, rate }) {
  const p = newPhase(closedLoop);
  state.current = p;
  for (const c of clients) c.pendings = [];
  p.running = true;
  let timer = null;
  if (closedLoop) {
    for (const c of clients) c.send();
  } else {
    let nextAt = performance.now();
    const gap = () => (-Math.log(1 - Math.random()) * 1000) / rate;
    const tick = () => {
      if (!p.running) return;
      const now = performance.now();
      while (nextAt <= now) {
        clients[Math.floor(Math.random() * clients.length)].send();
        nextAt += gap();
      }
      timer = setTimeout(tick, Math.max(0, nextAt - now));
    };
    tick();
  }
  await sleep(1000);
  const cpu0 = procCpuSeconds(serverPid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  p.measuring = true;
  await sleep(seconds * 1000);
  p.measuring = false;
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = procCpuSeconds(serverPid);
  const client1 = process.cpuUsage(client0);
  p.running = false;
  clearTimeout(timer);
  const until = performance.now() + 3000;
  while (performance.now() < until && clients.some((c) => c.pendings.some((x) => x.measured))) await sleep(50);
  const unanswered = clients.reduce((a, c) => a + c.pendings.filter((x) => x.measured).length, 0);
  const s = summarize(p.latencies);
  const serverCpu = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null;
  const clientCpu = (client1.user + client1.system) / 1e6;
  return {
    seconds: round(wall, 2),
    targetRate: rate ?? null,
    actions: p.sent,
    unanswered,
    actionsPerSecond: round(p.sent / wall, 1),
    messagesReceivedPerSecond: round(p.received / wall, 0),
    latency: s ? { count: s.count, p50: round(s.p50, 3), p95: round(s.p95, 3), p99: round(s.p99, 3), max: round(s.max, 2), mean: round(s.mean, 3) } : null,
    serverCpuSeconds: round(serverCpu, 2),
    serverCpuPercent: serverCpu === null ? null : round((100 * serverCpu) / wall, 0),
    serverCpuMsPerAction: serverCpu === null || !p.sent ? null : round((1000 * serverCpu) / p.sent, 4),
    clientCpuMsPerAction: p.sent ? round((1000 * clientCpu) / p.sent, 4) : null,
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
