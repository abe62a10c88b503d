import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerMessage } from '@nightfall/protocol';
import type { GameView } from '@nightfall/game-rules';
import { api, chatLinesOf, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import { freePort, waitForPort } from '@nightfall/testing/launcher';
import { metricTotal, validateSessionCalls } from '../testing/metrics.js';

type ViewMsg = Extract<ServerMessage, { view: GameView }>;
const isView = (m: ServerMessage): m is ViewMsg => 'view' in m;

/** A private nats-server on `port` (this test stops and restarts it; the shared test NATS stays up). */
function startNats(port: number): ChildProcess {
  return spawn(process.env.NATS_SERVER_BIN ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
}

async function stopNats(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null) return;
  await new Promise((r) => {
    p.once('exit', r);
    p.kill('SIGKILL');
  });
}

describe('a NATS restart mid-game (real stack on a private nats-server)', () => {
  let stack: RunningStack;
  let nats: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    nats = startNats(port);
    await waitForPort(port);
    stack = await startTestStack({ natsUrl: `nats://127.0.0.1:${port}` });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
    if (nats) await stopNats(nats);
  });

  it('brings every open socket the change made while NATS was down, without a reload or another move', async () => {
    const login = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    const room = await api(stack.url, '/api/rooms/create', {}, login.cookie);
    const { gameId, userId: hostId } = room.body;
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Guest' });
    const sockets = [
      { userId: hostId as string, socket: await TestSocket.open(stack.url, login.cookie!) },
      { userId: guest.body.userId as string, socket: await TestSocket.open(stack.url, guest.cookie!) },
    ];
    for (const s of sockets) {
      s.socket.send({ type: 'join_game', gameId, userId: s.userId });
      await s.socket.waitFor((m) => isView(m));
    }

    // NATS goes away; the host's change is committed, but its views cannot be published
    await stopNats(nats);
    sockets[0]!.socket.send({ type: 'game_action', gameId, userId: hostId, action: 'add_bot', data: {} });
    await new Promise((r) => setTimeout(r, 1500));
    for (const s of sockets) expect(s.socket.received.filter(isView).some((m) => m.view.players.length === 3)).toBe(false);

    // NATS is back: both sockets get the change (a fresh snapshot after the gateway's reconnect)
    nats = startNats(port);
    await waitForPort(port);
    for (const s of sockets) await s.socket.waitFor((m) => isView(m) && m.view.players.length === 3, 15_000);

    // and the game goes on over NATS as before
    sockets[1]!.socket.send({ type: 'game_action', gameId, userId: sockets[1]!.userId, action: 'send_message', data: { content: 'still here' } });
    // the line comes in a view's newMessages, or in a whole snapshot's messages when the socket missed a version
    // (presence versions published while the gateway was still subscribing again; docs/faults.md "Slow sockets")
    await sockets[0]!.socket.waitFor((m) => isView(m) && chatLinesOf(m).some((x) => x.content === 'still here'), 10_000);
    for (const s of sockets) s.socket.close();
  }, 90_000);

  it('asks identity about every session while NATS is down and again after it is back (docs/architecture.md "Session checks")', async () => {
    const login = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    const room = await api(stack.url, '/api/rooms/create', {}, login.cookie);
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Checked' });
    const game = () => api(stack.url, `/api/games/${room.body.gameId}`, undefined, guest.cookie);
    // remembered since the join: no call
    let calls = await validateSessionCalls(stack);
    expect((await game()).status).toBe(200);
    expect(await validateSessionCalls(stack)).toBe(calls);

    // NATS down: a sign-out elsewhere could not reach this gateway, so it asks every time
    await stopNats(nats);
    await eventually(async () => (await natsConnected(stack)) === 0, 10_000);
    for (let i = 1; i <= 2; i++) {
      expect((await game()).status).toBe(200);
      expect(await validateSessionCalls(stack)).toBe(calls + i);
    }

    // back: what it learnt before the break is not used; what it learns now is
    nats = startNats(port);
    await waitForPort(port);
    await eventually(async () => (await natsConnected(stack)) === 1, 15_000);
    calls = await validateSessionCalls(stack);
    expect((await game()).status).toBe(200);
    expect(await validateSessionCalls(stack)).toBe(calls + 1);
    expect((await game()).status).toBe(200);
    expect(await validateSessionCalls(stack)).toBe(calls + 1);
  }, 60_000);
});

/** 1 while the gateway's NATS connection is up, else 0. */
const natsConnected = (stack: RunningStack) => metricTotal(stack.url, 'nightfall_nats_connected');

/** Polls `check` every 50 ms until it is true. @throws after `ms` */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
