import type { ServerMessage } from '@nightfall/protocol';
import type { GameView } from '@nightfall/game-rules';
import { api, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';

type ViewMsg = Extract<ServerMessage, { view: GameView }>;
const isView = (m: ServerMessage): m is ViewMsg => 'view' in m;

/**
 * docs/faults.md "Commands applied once" and "Graceful rollouts", on the real stack with two gateways: a
 * command sent twice with its command id is applied once, an error names the command it answers, and a
 * gateway that is stopped (SIGTERM) closes its sockets with 1012 so that clients move to the other one.
 */
describe('command ids and a gateway stopped with SIGTERM (real stack, two gateways)', () => {
  let stack: RunningStack;

  beforeAll(async () => {
    stack = await startTestStack({ gateways: 2 });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('applies a command id once, names it in errors, and closes sockets with 1012 on SIGTERM', async () => {
    const [first, second] = stack.urls as [string, string];
    const login = await api(first, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    const room = await api(first, '/api/rooms/create', {}, login.cookie);
    const { gameId, userId: hostId } = room.body;
    const host = await TestSocket.open(second, login.cookie!);
    host.send({ type: 'join_game', gameId, userId: hostId });
    await host.waitFor(isView);

    // the same chat line twice under one command id (a resend after a reconnect): one message
    const line = { type: 'game_action', gameId, userId: hostId, commandId: 'c-1', action: 'send_message', data: { content: 'only once' } };
    host.send(line);
    const seen = await host.waitFor<ViewMsg>((m) => isView(m) && (m.newMessages ?? []).some((x) => x.content === 'only once'));
    host.send(line);
    host.send({ type: 'game_action', gameId, userId: hostId, commandId: 'c-2', action: 'send_message', data: { content: 'next' } });
    const next = await host.waitFor<ViewMsg>((m) => isView(m) && (m.newMessages ?? []).some((x) => x.content === 'next'));
    // no change between the two: the resent line made no version and no view, and 'next' carries only itself
    expect(next.version).toBe(seen.version + 1);
    expect(next.newMessages!.map((x) => x.content)).toEqual(['next']);

    // an error answers the command it is about
    host.send({ type: 'game_action', gameId, userId: hostId, commandId: 'c-3', action: 'submit_vote', data: { targetUserId: hostId } });
    const err = await host.waitFor((m) => m.type === 'error');
    expect(err).toMatchObject({ type: 'error', commandId: 'c-3' });

    // the second gateway is stopped as Kubernetes stops a pod: its sockets close with 'Service Restart'
    const child = stack.children.get('gateway-2')!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    expect(await host.closed(10_000)).toBe(1012);
    await exited;

    // the client reconnects to the other gateway and gets the game as it was: both chat lines once each; the
    // join's snapshot is taken after its own presence change (OpenGameView), so only presence versions came since
    const again = await TestSocket.open(first, login.cookie!);
    again.send({ type: 'join_game', gameId, userId: hostId });
    const snap = await again.waitFor<ViewMsg>(isView);
    expect(snap.version).toBeGreaterThanOrEqual(next.version);
    expect(snap.version).toBeLessThanOrEqual(next.version + 2);
    expect((snap.messages ?? []).filter((x) => x.userId === hostId).map((x) => x.content)).toEqual(['only once', 'next']);
    expect(snap.view.players.find((p) => p.userId === hostId)).toMatchObject({ online: true });
    again.close();
  }, 90_000);
});
