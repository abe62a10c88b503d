import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerMessage } from '@nightfall/protocol';
import type { GameView } from '@nightfall/game-rules';
import { api, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import { freePort, waitForPort } from '@nightfall/testing/launcher';

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
    await sockets[0]!.socket.waitFor((m) => isView(m) && (m.messages ?? []).some((x) => x.content === 'still here'), 10_000);
    for (const s of sockets) s.socket.close();
  }, 90_000);
});
