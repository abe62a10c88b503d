/**
 * Caller identity on gRPC on the real stack (docs/faults.md "Inside the cluster"): every service started
 * with its own token and accepting only its callers', as the chart deploys them. The game still works
 * through the gateway (gateway -> identity, billing, admin, game-engine; admin -> identity, billing), and a
 * call straight to a service's gRPC port without an accepted token is refused before it changes anything.
 */
import { firstValueFrom } from 'rxjs';
import { ClientProxyFactory, type ClientGrpcProxy } from '@nestjs/microservices';
import { gameV1, identityV1 } from '@nightfall/contracts';
import { grpcClientOptions } from '@nightfall/server-kit';
import { api, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import type { ServerMessage } from '@nightfall/protocol';

describe('gRPC caller tokens on every service (real PostgreSQL, NATS and services)', () => {
  let stack: RunningStack;
  const proxies: ClientGrpcProxy[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ callerTokens: true });
  }, 180_000);
  afterAll(async () => {
    for (const p of proxies) p.close();
    await stack?.stop();
    await stack?.dropDatabase();
  });

  /** A game-engine / identity client sending `token` (none when undefined). */
  const client = <T extends object>(service: 'game' | 'identity', port: number, token: string | undefined, name: string): T => {
    const proxy = ClientProxyFactory.create(grpcClientOptions('test', service, `127.0.0.1:${port}`, { callerToken: token }) as never) as ClientGrpcProxy;
    proxies.push(proxy);
    return proxy.getService<T>(name);
  };
  const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: { code?: number }) => e.code);

  it('plays through the gateway: sign-in, room creation, socket join with the admin check, a bot added', async () => {
    const host = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    expect(host.status).toBe(200);
    const room = await api(stack.url, '/api/rooms/create', {}, host.cookie);
    expect(room.status).toBe(200);
    const socket = await TestSocket.open(stack.url, host.cookie);
    try {
      socket.send({ type: 'join_game', gameId: room.body.gameId, userId: room.body.userId });
      await socket.waitFor((m) => m.type === 'game_updated' || m.type === 'player_joined');
      socket.send({ type: 'game_action', gameId: room.body.gameId, userId: room.body.userId, action: 'add_bot', data: {} });
      const players = (m: ServerMessage) => (m as { view?: { players?: unknown[] } }).view?.players?.length ?? 0;
      const withBot = await socket.waitFor((m) => m.type === 'game_updated' && players(m) === 2);
      expect(players(withBot)).toBe(2);
    } finally {
      socket.close();
    }
  }, 60_000);

  it("refuses calls to game-engine and identity without a token or with a non-caller's token; a caller's token passes", async () => {
    const tokens = stack.callerTokens!;
    const engine = stack.ports.game[0]!.grpc;
    const find = (token?: string) =>
      codeOf(firstValueFrom(client<gameV1.GameServiceClient>('game', engine, token, gameV1.GAME_SERVICE_NAME).findGame({ roomCode: 'ZZZZZZ' })));
    expect(await find()).toBe(16); // UNAUTHENTICATED
    expect(await find(tokens.admin)).toBe(16); // admin is no caller of game-engine
    expect(await find(tokens.gateway)).toBe(5); // NOT_FOUND: the call ran

    const getUser = (token?: string) =>
      codeOf(firstValueFrom(client<identityV1.IdentityServiceClient>('identity', stack.ports.identityGrpc, token, identityV1.IDENTITY_SERVICE_NAME).getUser({ userId: '00000000-0000-4000-8000-000000000000' })));
    expect(await getUser()).toBe(16);
    expect(await getUser(tokens['game-engine'])).toBe(16); // game-engine is no caller of identity
    expect(await getUser(tokens.admin)).toBe(5);
  }, 60_000);
});
