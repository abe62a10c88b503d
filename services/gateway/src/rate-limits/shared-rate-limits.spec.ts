/**
 * The shared rate limits (docs/architecture.md "Rate limits") on the real stack with TWO gateway processes
 * on one database: every flood is spread over both gateways, and the limit holds for the two together.
 * NODE_ENV=test (so loopback clients are counted) and TRUST_PROXY=loopback (each scenario plays a client
 * address of its own through X-Forwarded-For). Stripe is not involved: checkout runs in its test mode.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { api, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';

const LIMITS = {
  RATE_LIMIT_JOIN_PER_USER: '4',
  RATE_LIMIT_JOIN_PER_IP: '6',
  RATE_LIMIT_CREATE_PER_USER: '3',
  RATE_LIMIT_CREATE_PER_IP: '5',
  RATE_LIMIT_MAGIC_LINK_PER_EMAIL: '3',
  RATE_LIMIT_MAGIC_LINK_PER_IP: '5',
  RATE_LIMIT_CHECKOUT_PER_USER: '2',
  RATE_LIMIT_CHECKOUT_PER_IP: '4',
  // the socket message budget: 40 messages per user and 80 per client address per 10 s over every socket and gateway
  SOCKET_USER_RATE_LIMIT: '40',
  SOCKET_IP_RATE_LIMIT: '80',
  SOCKET_USER_RATE_WINDOW_S: '10',
};

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
let ipCounter = 0;
/** A client address of its own (TEST-NET-3), sent as X-Forwarded-For. */
const newIp = () => `203.0.113.${++ipCounter}`;

/** A JSON POST from client address `ip` through gateway `base`; returns status, body, Retry-After and the session cookie. */
async function post(base: string, path: string, body: unknown, ip: string, cookie?: string) {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const set = r.headers.get('set-cookie');
  return { status: r.status, body: (await r.json().catch(() => null)) as any, retryAfter: r.headers.get('retry-after'), cookie: set ? set.split(';')[0] : undefined };
}

describe('shared rate limits across two gateway replicas (real PostgreSQL, NATS and services)', () => {
  let stack: RunningStack;
  let db: pg.Client;
  let host: string;
  let roomCode: string;
  /** Gateway i of the two, alternating. */
  const gw = (i: number) => stack.urls[i % 2]!;
  const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

  beforeAll(async () => {
    stack = await startTestStack({ gateways: 2, nodeEnv: 'test', gatewayEnv: { TRUST_PROXY: 'loopback', ...LIMITS } });
    expect(stack.urls).toHaveLength(2);
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    host = (await post(gw(0), '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password }, newIp())).cookie!;
    roomCode = (await post(gw(1), '/api/rooms/create', {}, newIp(), host)).body.roomCode;
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('a flood of guest joins from one address, over both gateways at once, lets exactly the limit through and creates no guest for the rest', async () => {
    const ip = newIp();
    const guestsBefore = await count(`SELECT count(*) AS n FROM identity.users WHERE auth_provider = 'guest'`);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => post(gw(i), '/api/rooms/join', { roomCode, displayName: `Flood ${i}` }, ip)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect([ok.length, refused.length]).toEqual([6, 8]);
    for (const r of refused) {
      expect(r.body).toEqual({ code: 'RATE_LIMITED', title: 'Too Many Requests', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/), details: { retryAfterSeconds: expect.any(Number) } });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.cookie).toBeUndefined();
    }
    // the refused joins changed nothing: six guests, six players more
    expect(await count(`SELECT count(*) AS n FROM identity.users WHERE auth_provider = 'guest'`)).toBe(guestsBefore + 6);
    expect(await count(`SELECT count(*) AS n FROM game.players p JOIN game.games g ON g.id = p.game_id WHERE g.room_code = $1 AND p.display_name LIKE 'Flood %'`, [roomCode])).toBe(6);
    // wrong room codes count too (codes are guessed here), and another address is not affected
    expect((await post(gw(0), '/api/rooms/join', { roomCode: 'ZZZZZZ', displayName: 'Guesser' }, ip)).status).toBe(429);
    expect((await post(gw(1), '/api/rooms/join', { roomCode: 'ZZZZZZ', displayName: 'Other' }, newIp())).status).toBe(404);
  }, 30_000);

  it('limits one signed-in user joining from many addresses, over both gateways', async () => {
    const user = (await post(gw(0), '/api/auth/signup', { email: unique('joiner'), password: 'secret123' }, newIp())).cookie!;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(gw(i), '/api/rooms/join', { roomCode }, newIp(), user)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  }, 30_000);

  it('limits room creation per user and per address; a refused creation makes no game', async () => {
    const gamesBefore = await count(`SELECT count(*) AS n FROM game.games`);
    const statuses: number[] = [];
    // the host already created one room in beforeAll (limit 3 per user)
    for (let i = 0; i < 4; i++) statuses.push((await post(gw(i), '/api/rooms/create', {}, newIp(), host)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await count(`SELECT count(*) AS n FROM game.games`)).toBe(gamesBefore + 2);

    // per address: users without host rights still count (403 HOST_REQUIRED until the limit, then 429)
    const ip = newIp();
    const perIp: number[] = [];
    for (let i = 0; i < 7; i++) {
      const u = (await post(gw(i), '/api/auth/signup', { email: unique('nohost'), password: 'secret123' }, newIp())).cookie!;
      perIp.push((await post(gw(i + 1), '/api/rooms/create', {}, ip, u)).status);
    }
    expect(perIp).toEqual([403, 403, 403, 403, 403, 429, 429]);
  }, 30_000);

  it('limits magic links per address (any case) and per client address; a refused request sends no e-mail', async () => {
    const email = unique('mailbomb');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const address = i % 2 === 0 ? email : email.toUpperCase();
      statuses.push((await post(gw(i), i % 2 === 0 ? '/api/auth/login' : '/api/auth/signup', { email: address }, newIp())).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const mailed = readdirSync(stack.outboxDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(stack.outboxDir, f), 'utf8')) as { to: string })
      .filter((m) => m.to.toLowerCase() === email);
    expect(mailed).toHaveLength(3);

    const ip = newIp();
    const perIp: number[] = [];
    for (let i = 0; i < 7; i++) perIp.push((await post(gw(i), '/api/auth/login', { email: unique('spray') }, ip)).status);
    expect(perIp).toEqual([200, 200, 200, 200, 200, 429, 429]);
  }, 30_000);

  it('limits checkouts per user and per address; a refused checkout stores none', async () => {
    const buyer = await post(gw(0), '/api/auth/signup', { email: unique('buyer'), password: 'secret123' }, newIp());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(gw(i), i % 2 ? '/api/checkout/host' : '/api/checkout/host-pass-48h', {}, newIp(), buyer.cookie)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await count(`SELECT count(*) AS n FROM billing.checkout_sessions WHERE user_id = $1`, [buyer.body.user.id])).toBe(2);

    const ip = newIp();
    const perIp: number[] = [];
    for (let i = 0; i < 6; i++) {
      const u = (await post(gw(i), '/api/auth/signup', { email: unique('shopper'), password: 'secret123' }, newIp())).cookie!;
      perIp.push((await post(gw(i + 1), '/api/checkout/host', {}, ip, u)).status);
    }
    expect(perIp).toEqual([200, 200, 200, 200, 429, 429]);
  }, 30_000);

  /** Sends `n` pings on `socket`, `gapMs` apart, and counts the answers: pongs and RATE_LIMITED errors. */
  const pings = async (socket: TestSocket, n: number, gapMs: number) => {
    const from = socket.received.length;
    for (let i = 0; i < n; i++) {
      socket.send({ type: 'ping' });
      await new Promise((r) => setTimeout(r, gapMs));
    }
    const answered = () => socket.received.slice(from).filter((m) => m.type === 'pong' || m.type === 'error');
    for (let i = 0; i < 100 && answered().length < n; i++) await new Promise((r) => setTimeout(r, 50));
    const got = answered();
    return { pong: got.filter((m) => m.type === 'pong').length, limited: got.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED').length };
  };
  /** Waits until 100 ms into the next 10-second window of the socket message budget. */
  const nextWindow = () => new Promise((r) => setTimeout(r, 10_000 - (Date.now() % 10_000) + 100));

  it("limits one user's socket messages over both gateways together, each socket under its own limit", async () => {
    const user = (await post(gw(0), '/api/auth/signup', { email: unique('flooder'), password: 'secret123' }, newIp())).cookie!;
    const a = await TestSocket.open(gw(0), user, { 'x-forwarded-for': newIp() });
    const b = await TestSocket.open(gw(1), user, { 'x-forwarded-for': newIp() });
    try {
      // 30 messages on each socket in 3 s (10 a second, half the per-socket limit): 60 for a limit of 40
      await nextWindow();
      const [onA, onB] = await Promise.all([pings(a, 30, 100), pings(b, 30, 100)]);
      expect(onA.pong + onA.limited).toBe(30);
      expect(onB.pong + onB.limited).toBe(30);
      // each gateway may admit an eighth of the limit beyond the total it last read: at most 40 + 2 x 5
      expect(onA.pong + onB.pong).toBeGreaterThanOrEqual(40);
      expect(onA.pong + onB.pong).toBeLessThanOrEqual(50);
      expect(onA.limited + onB.limited).toBeGreaterThanOrEqual(10);
      // the same 30 messages of another user on one socket stay under the limit
      const calm = (await post(gw(1), '/api/auth/signup', { email: unique('calm'), password: 'secret123' }, newIp())).cookie!;
      const c = await TestSocket.open(gw(0), calm, { 'x-forwarded-for': newIp() });
      try {
        expect(await pings(c, 30, 100)).toEqual({ pong: 30, limited: 0 });
      } finally {
        c.close();
      }
    } finally {
      a.close();
      b.close();
    }
  }, 60_000);

  it('limits socket messages per client address over both gateways, each user under its own limit', async () => {
    const ip = newIp();
    const users = await Promise.all([0, 1, 2, 3].map(async (i) => (await post(gw(i), '/api/auth/signup', { email: unique('shared-ip'), password: 'secret123' }, newIp())).cookie!));
    const sockets = await Promise.all(users.map((u, i) => TestSocket.open(gw(i), u, { 'x-forwarded-for': ip })));
    try {
      // 35 messages per user (under 40 each) from one address: 140 for an address limit of 80
      await nextWindow();
      const answers = await Promise.all(sockets.map((s) => pings(s, 35, 100)));
      const pong = answers.reduce((n, a) => n + a.pong, 0);
      const limited = answers.reduce((n, a) => n + a.limited, 0);
      expect(pong + limited).toBe(140);
      expect(pong).toBeGreaterThanOrEqual(80);
      expect(pong).toBeLessThanOrEqual(100); // 80 + 2 gateways x 10
      expect(limited).toBeGreaterThanOrEqual(40);
    } finally {
      for (const s of sockets) s.close();
    }
  }, 60_000);

  it('counts in the gateway schema (one row per key), never the plain e-mail address', async () => {
    const keys = (await db.query<{ key: string }>(`SELECT key FROM gateway.rate_limits`)).rows.map((r) => r.key);
    expect(keys.some((k) => k.startsWith('room_join:ip:203.0.113.'))).toBe(true);
    expect(keys.some((k) => k.startsWith('magic_link:email:'))).toBe(true);
    expect(keys.every((k) => !k.includes('@'))).toBe(true);
  }, 30_000);

  it('without NODE_ENV=development the development tools are absent, even for loopback clients', async () => {
    for (const base of stack.urls) {
      expect((await api(base, '/api/dev/outbox')).status).toBe(404);
      expect((await fetch(`${base}/dev/outbox`)).status).toBe(404);
      expect((await fetch(`${base}/dev/checkout?session=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    }
  }, 30_000);
});
