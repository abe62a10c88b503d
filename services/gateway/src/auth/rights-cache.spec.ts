/**
 * Rights checks without a call (docs/architecture.md "Rights checks"): the EventFencedCache's own rules on the real
 * nats-server of this machine, then two real gateways of a test stack, counting billing's GetHostAccess and the
 * admin service's GetAccess calls from their metrics.
 */
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { ENTITLEMENT_EVENT_SUBJECTS } from '@nightfall/contracts';
import { NatsClient, testNatsUrl } from '@nightfall/server-kit';
import { api, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import { handledCalls } from '../testing/metrics.js';
import { sleep, within } from '../testing/wait.js';
import { EventFencedCache } from './event-fenced-cache.js';

describe('EventFencedCache (real NATS)', () => {
  let client: NatsClient;

  beforeAll(async () => {
    client = new NatsClient({ servers: testNatsUrl(), name: 'event-fenced-cache-spec' });
    await client.connection();
  });
  afterAll(async () => {
    await client.onApplicationShutdown();
  });

  it('keeps an answer no longer than what it grants, and none that is already over', async () => {
    const cache = new EventFencedCache<string>(client, 60_000, 100);
    cache.remember('long', 'u', 'kept');
    cache.remember('short', 'u', 'until soon', cache.epoch(), 80);
    cache.remember('over', 'u', 'expired', cache.epoch(), -5);
    cache.remember('bad', 'u', 'no date', cache.epoch(), Number.NaN);
    expect(cache.get('short')?.value).toBe('until soon');
    expect(cache.get('over')).toBeNull();
    expect(cache.get('bad')).toBeNull();
    await sleep(150);
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')).toEqual({ value: 'kept', group: 'u' });
  });

  it("forgets a group's entries only, everything on clear, and nothing is kept with a time to live of 0", () => {
    const cache = new EventFencedCache<number>(client, 60_000, 100);
    cache.remember('a1', 'a', 1);
    cache.remember('a2', 'a', 2);
    cache.remember('b1', 'b', 3);
    const before = cache.epoch();
    cache.forgetGroup('a');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')?.value]).toEqual([null, null, 3]);
    cache.remember('a1', 'a', 1, before); // asked before the forgetting: not kept
    expect(cache.get('a1')).toBeNull();
    cache.clear();
    expect(cache.get('b1')).toBeNull();
    const off = new EventFencedCache<number>(client, 0, 100);
    off.remember('a1', 'a', 1);
    expect(off.enabled).toBe(false);
    expect(off.get('a1')).toBeNull();
  });
});

describe('rights checks on two gateways (real stack)', () => {
  let stack: RunningStack;
  let adminCookie: string;
  const hostCalls = () => handledCalls(stack, 'billing', 'GetHostAccess');
  const accessCalls = () => handledCalls(stack, 'admin', 'GetAccess');

  beforeAll(async () => {
    // a time to live far longer than the waits below: what changes a right here is the event, not the clock
    stack = await startTestStack({ gateways: 2, gatewayEnv: { RIGHTS_CACHE_TTL_MS: '60000' } });
    const login = await api(stack.url, '/api/auth/login', { email: stack.admin.email, password: stack.admin.password });
    expect(login.status).toBe(200);
    adminCookie = login.cookie!;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it("asks billing and the admin service once for a host's /api/me, rooms and socket joins", async () => {
    const [a] = stack.urls;
    const login = await api(a!, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    const cookie = login.cookie!;
    await sleep(300); // the sign-in's identity.user.updated reaches the gateway before anything is remembered
    const [host0, access0] = [await hostCalls(), await accessCalls()];
    const me = await api(a!, '/api/me', undefined, cookie);
    expect(me.body).toMatchObject({ hasHostRights: true });
    expect([await hostCalls(), await accessCalls()]).toEqual([host0 + 1, access0 + 1]);

    const rooms = [];
    for (let i = 0; i < 2; i++) {
      const room = await api(a!, '/api/rooms/create', {}, cookie);
      expect(room.status).toBe(200);
      rooms.push(room.body as { gameId: string });
    }
    for (const room of rooms) {
      const socket = await TestSocket.open(a!, cookie);
      socket.send({ type: 'join_game', gameId: room.gameId, userId: me.body.id });
      await socket.waitFor((m) => m.type === 'joined');
      socket.close();
    }
    expect([await hostCalls(), await accessCalls()]).toEqual([host0 + 1, access0 + 1]);

    // /api/me shows the rights as they are now: asked again every time
    expect((await api(a!, '/api/me', undefined, cookie)).status).toBe(200);
    expect([await hostCalls(), await accessCalls()]).toEqual([host0 + 2, access0 + 2]);
  }, 60_000);

  it('asks once for rooms created together while nothing is remembered', async () => {
    const [, b] = stack.urls;
    const cookie = (await api(b!, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password })).cookie!;
    const userId = ((await api(b!, '/api/me', undefined, cookie)).body as { id: string }).id;
    // an entitlement event about the host (as billing publishes it) makes every gateway forget the host's rights
    const nc = await connect({ servers: testNatsUrl() });
    nc.publish(ENTITLEMENT_EVENT_SUBJECTS.granted, JSON.stringify({ v: 1, entitlement: { userId } }));
    await nc.flush();
    await nc.close();
    await sleep(300);
    const before = await hostCalls();
    const rooms = await Promise.all(Array.from({ length: 5 }, () => api(b!, '/api/rooms/create', {}, cookie)));
    expect(rooms.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await hostCalls()).toBe(before + 1);
  }, 60_000);

  it('lets a host in on the other gateway as soon as a grant is made, and locks them out as soon as it is revoked', async () => {
    const [a, b] = stack.urls;
    const email = `rights-${randomUUID()}@example.com`;
    const signup = await api(b!, '/api/auth/signup', { email, password: 'secret123' });
    expect(signup.status).toBe(200);
    const cookie = signup.cookie!;
    await sleep(300);
    const create = () => api(b!, '/api/rooms/create', {}, cookie);

    // no rights yet, and that answer is remembered: the second refusal asks billing nothing
    expect(await create()).toMatchObject({ status: 403, body: { code: 'HOST_REQUIRED', title: 'Hosting is locked' } });
    const calls = await hostCalls();
    expect((await create()).status).toBe(403);
    expect(await hostCalls()).toBe(calls);

    // granted through the other gateway: the event makes this one ask again, long before its minute is up
    const granted = await fetch(`${a!}/api/admin/grant-entitlement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({ email, type: 'host', tier: 'permanent' }),
    });
    expect(granted.status).toBe(200);
    const entitlement = (await granted.json()) as { id: string };
    await within(3000, async () => (await create()).status === 200);

    // revoked through the other gateway: refused within moments
    const revoked = await fetch(`${a!}/api/admin/entitlements/${entitlement.id}/revoke`, { method: 'POST', headers: { cookie: adminCookie } });
    expect(revoked.status).toBe(200);
    await within(3000, async () => (await create()).status === 403);
  }, 60_000);
});
