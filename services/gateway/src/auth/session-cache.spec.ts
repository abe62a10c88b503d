/**
 * Session checks without a call (docs/architecture.md "Session checks"): the SessionCache on the real nats-server of
 * this machine, then two real gateways of a test stack, counting identity's ValidateSession calls from its metrics.
 */
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SESSION_REVOKED_SUBJECT } from '@nightfall/protocol';
import { USER_EVENT_SUBJECTS } from '@nightfall/contracts';
import { NatsClient, testNatsUrl } from '@nightfall/server-kit';
import { api, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import type { GatewayEnv } from '../env.js';
import { validateSessionCalls } from '../testing/metrics.js';
import { sleep, within } from '../testing/wait.js';
import { SessionCache } from './session-cache.js';
import type { SessionUser } from './session-user.js';

const guest = (userId = randomUUID()): SessionUser => ({ userId, sessionId: randomUUID(), displayName: 'Guest', isGuest: true, email: null });

describe('SessionCache (real NATS)', () => {
  let client: NatsClient;
  let cache: SessionCache;
  let nc: NatsConnection;

  beforeAll(async () => {
    client = new NatsClient({ servers: testNatsUrl(), name: 'session-cache-spec' });
    await client.connection();
    cache = new SessionCache(client, { SESSION_CACHE_TTL_MS: 60_000 } as GatewayEnv);
    cache.onModuleInit();
    nc = await connect({ servers: testNatsUrl() });
    await sleep(200); // the cache's subscriptions reach the server
  });
  afterAll(async () => {
    await client.onApplicationShutdown();
    await nc?.close();
  });

  it('gives back a remembered session to its own user only', () => {
    const a = guest();
    cache.remember(a);
    expect(cache.get(a.sessionId, a.userId)).toEqual(a);
    expect(cache.get(a.sessionId, randomUUID())).toBeNull();
    expect(cache.get(randomUUID(), a.userId)).toBeNull();
  });

  it("does not keep identity's answer to a check that an event overtook", () => {
    const a = guest();
    const before = cache.epoch();
    cache.forgetSession(randomUUID()); // any session forgotten while the check was out
    cache.remember(a, before);
    expect(cache.get(a.sessionId, a.userId)).toBeNull();
    cache.remember(a, cache.epoch());
    expect(cache.get(a.sessionId, a.userId)).toEqual(a);
  });

  it('forgets a session signed out on any gateway, and every session of a user identity changed', async () => {
    const out = guest();
    const kept = guest();
    const user = randomUUID();
    const mine = [guest(user), guest(user)];
    for (const s of [out, kept, ...mine]) cache.remember(s);
    nc.publish(SESSION_REVOKED_SUBJECT, JSON.stringify({ v: 1, sessionId: out.sessionId }));
    await within(2000, () => cache.get(out.sessionId, out.userId) === null);
    nc.publish(USER_EVENT_SUBJECTS.updated, JSON.stringify({ v: 1, user: { id: user, displayName: 'Renamed' } }));
    await within(2000, () => mine.every((s) => cache.get(s.sessionId, user) === null));
    expect(cache.get(kept.sessionId, kept.userId)).toEqual(kept);
  });

  it('remembers nothing when its time to live is 0', () => {
    const off = new SessionCache(client, { SESSION_CACHE_TTL_MS: 0 } as GatewayEnv);
    const a = guest();
    off.remember(a);
    expect(off.get(a.sessionId, a.userId)).toBeNull();
  });
});

describe('session checks on two gateways (real stack)', () => {
  let stack: RunningStack;
  let hostCookie: string;

  beforeAll(async () => {
    // a time to live far longer than the waits below: what ends a session here is the event, not the clock
    stack = await startTestStack({ gateways: 2, gatewayEnv: { SESSION_CACHE_TTL_MS: '60000' } });
    const login = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    expect(login.status).toBe(200);
    hostCookie = login.cookie!;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it("asks identity nothing for a guest's socket and requests on the gateway that let the guest in", async () => {
    const [a] = stack.urls;
    const room = await api(a!, '/api/rooms/create', {}, hostCookie);
    const joined = await api(a!, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Quick' });
    expect(joined.status).toBe(200);
    const before = await validateSessionCalls(stack);
    const socket = await TestSocket.open(a!, joined.cookie!);
    socket.send({ type: 'join_game', gameId: room.body.gameId, userId: joined.body.userId });
    await socket.waitFor((m) => m.type === 'joined');
    for (let i = 0; i < 3; i++) expect((await api(a!, `/api/games/${room.body.gameId}`, undefined, joined.cookie)).status).toBe(200);
    expect(await validateSessionCalls(stack)).toBe(before);
    socket.close();
  }, 60_000);

  it('refuses a session on the other gateway as soon as it signs out, and asks again after its user changed', async () => {
    const [a, b] = stack.urls;
    const signup = await api(a!, '/api/auth/signup', { email: `cache-${randomUUID()}@example.com`, password: 'secret123' });
    expect(signup.status).toBe(200);
    const cookie = signup.cookie!;
    // the other gateway asks identity once, then remembers
    let calls = await validateSessionCalls(stack);
    expect((await api(b!, '/api/me', undefined, cookie)).status).toBe(200);
    expect(await validateSessionCalls(stack)).toBe(calls + 1);
    expect((await api(b!, '/api/me', undefined, cookie)).status).toBe(200);
    expect(await validateSessionCalls(stack)).toBe(calls + 1);

    // a new name (identity.user.updated): the other gateway asks again
    const renamed = await fetch(`${a!}/api/profile`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ displayName: 'Renamed' }) });
    expect(renamed.status).toBe(200);
    calls = await validateSessionCalls(stack);
    await within(3000, async () => (await api(b!, '/api/me', undefined, cookie)).status === 200 && (await validateSessionCalls(stack)) > calls);

    // signed out on the first gateway: refused on the second within moments, not after the minute it would keep it
    expect((await api(a!, '/api/auth/logout', {}, cookie)).status).toBe(200);
    const waited = await within(3000, async () => (await api(b!, '/api/me', undefined, cookie)).status === 401);
    expect(waited).toBeLessThan(3000);
    expect((await api(a!, '/api/me', undefined, cookie)).status).toBe(401);
  }, 60_000);
});
