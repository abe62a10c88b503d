import type { ServerMessage } from '@nightfall/protocol';
import type { GameView } from '@nightfall/game-rules';
import { api, chatLinesOf, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';

type ViewMsg = Extract<ServerMessage, { view: GameView }>;
const isView = (m: ServerMessage): m is ViewMsg => 'view' in m;

/**
 * docs/faults.md "Presence after a gateway crash", on the real stack with two gateways: a gateway killed
 * with SIGKILL cannot say its players left; game-engine hears its heartbeats stop and shows them offline.
 * A gateway that was only paused gets its players back when it runs again.
 */
describe('presence after kill -9 of a gateway (real stack, two gateways, short heartbeats)', () => {
  let stack: RunningStack;

  beforeAll(async () => {
    stack = await startTestStack({ gateways: 2, gatewayEnv: { GATEWAY_HEARTBEAT_MS: '200' }, engineEnv: { GATEWAY_PRESENCE_TTL_MS: '1500' } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  /**
   * The demo host's room with a guest: the host's socket on the first gateway, the guest's on the second, and the
   * host seeing the guest online. `online(m, on)`: whether a message shows the guest online (or offline).
   */
  async function hostAndGuestOnSecond(guestName: string) {
    const [first, second] = stack.urls as [string, string];
    const login = await api(first, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    const room = await api(first, '/api/rooms/create', {}, login.cookie);
    const { gameId, userId: hostId } = room.body;
    const guest = await api(first, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: guestName });
    const guestId = guest.body.userId as string;
    const host = await TestSocket.open(first, login.cookie!);
    host.send({ type: 'join_game', gameId, userId: hostId });
    await host.waitFor(isView);
    const onSecond = await TestSocket.open(second, guest.cookie!);
    onSecond.send({ type: 'join_game', gameId, userId: guestId });
    await onSecond.waitFor(isView);
    const online = (m: ServerMessage, on: boolean) => isView(m) && m.view.players.some((p) => p.userId === guestId && p.online === on);
    await host.waitFor((m) => online(m, true));
    return { first, gameId: gameId as string, hostId: hostId as string, guestId, guest, host, onSecond, online };
  }

  // first: the test after it kills gateway-2
  it('gives a paused gateway its players back: online again without reconnecting, and its socket still gets the views', async () => {
    const { gameId, hostId, host, onSecond, online } = await hostAndGuestOnSecond('Paused');

    // gateway-2 stops for longer than the presence TTL (a long pause, not a crash): game-engine takes it for dead
    const child = stack.children.get('gateway-2')!;
    let from = host.received.length;
    child.kill('SIGSTOP');
    try {
      await host.waitFor((m) => online(m, false), 10_000, from);
    } finally {
      child.kill('SIGCONT');
    }
    // it wakes up, hears that its presence was removed, and opens the game's view again for its socket
    from = host.received.length;
    await host.waitFor((m) => online(m, true), 10_000, from);
    const guestFrom = onSecond.received.length;
    host.send({ type: 'game_action', gameId, userId: hostId, action: 'send_message', data: { content: 'still there?' }, commandId: 'c-paused-1' });
    await onSecond.waitFor((m) => chatLinesOf(m).some((x) => x.content === 'still there?'), 10_000, guestFrom);
    host.close();
    onSecond.close();
  }, 90_000);

  it("shows the crashed gateway's players offline, and online again when they reconnect", async () => {
    const { first, gameId, guestId, guest, host, online } = await hostAndGuestOnSecond('Guest');

    // the guest's gateway dies without a word
    const from = host.received.length;
    const child = stack.children.get('gateway-2')!;
    await new Promise((r) => {
      child.once('exit', r);
      child.kill('SIGKILL');
    });
    const t0 = Date.now();
    await host.waitFor((m) => online(m, false), 10_000, from);
    expect(Date.now() - t0).toBeLessThan(8000);

    // the guest comes back through the other gateway
    const back = await TestSocket.open(first, guest.cookie!);
    back.send({ type: 'join_game', gameId, userId: guestId });
    await back.waitFor(isView);
    await host.waitFor((m) => online(m, true), 10_000, host.received.length - 1);
    host.close();
    back.close();
  }, 90_000);
});
