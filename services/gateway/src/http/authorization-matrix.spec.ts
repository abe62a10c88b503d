/**
 * The authorization matrix: every route the gateway registers (read from its Express router, so a new
 * route cannot be left out) against anonymous, guest, signed-in user, host, admin and super admin
 * callers, each with the status it must answer. Every admin route is also tried with a forged and with
 * a missing session. Runs the real stack (identity, billing, game-engine, admin, theme, PostgreSQL, NATS).
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { api, startTestStack, type RunningStack } from '@nightfall/testing';

type Persona = 'anonymous' | 'guest' | 'user' | 'host' | 'admin' | 'superAdmin';
const PERSONAS: Persona[] = ['anonymous', 'guest', 'user', 'host', 'admin', 'superAdmin'];

/** What one route is called with and answers per persona. */
interface Row {
  /** `METHOD path` exactly as the router registers it. */
  route: string;
  /** The concrete request: path with parameters filled in, and a body. */
  request: (ctx: Context) => { path: string; body?: unknown };
  expect: Record<Persona, number>;
  /** Admin routes are also tried with a forged and with a missing session (401 both). */
  admin?: boolean;
}

interface Context {
  gameId: string;
  entitlementId: string;
  customRoleId: string;
}

const all = (status: number): Record<Persona, number> => ({ anonymous: status, guest: status, user: status, host: status, admin: status, superAdmin: status });
const signedIn = (status: number, guest = 401): Record<Persona, number> => ({ anonymous: 401, guest, user: status, host: status, admin: status, superAdmin: status });
const adminsOnly = (ok: number): Record<Persona, number> => ({ anonymous: 401, guest: 403, user: 403, host: 403, admin: ok, superAdmin: ok });
const superOnly = (ok: number): Record<Persona, number> => ({ anonymous: 401, guest: 403, user: 403, host: 403, admin: 403, superAdmin: ok });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The matrix. Logout comes last: it ends the persona's session. */
const ROWS: Row[] = [
  { route: 'GET /health/live', request: () => ({ path: '/health/live' }), expect: all(200) },
  { route: 'GET /health/ready', request: () => ({ path: '/health/ready' }), expect: all(200) },
  { route: 'GET /health/upstreams', request: () => ({ path: '/health/upstreams' }), expect: all(200) },
  // the metrics: public on PORT unless METRICS_PORT moves them (the chart does; observability.spec.ts checks the 404)
  { route: 'GET /metrics', request: () => ({ path: '/metrics' }), expect: all(200) },
  { route: 'POST /api/auth/signup', request: () => ({ path: '/api/auth/signup', body: { email: 'not-an-email' } }), expect: all(400) },
  { route: 'POST /api/auth/login', request: () => ({ path: '/api/auth/login', body: { email: 'not-an-email' } }), expect: all(400) },
  { route: 'POST /api/auth/callback', request: () => ({ path: '/api/auth/callback', body: {} }), expect: all(400) },
  { route: 'GET /api/me', request: () => ({ path: '/api/me' }), expect: signedIn(200, 200) },
  { route: 'PUT /api/profile', request: () => ({ path: '/api/profile', body: { displayName: 'Renamed' } }), expect: signedIn(200) },
  { route: 'POST /api/rooms/create', request: () => ({ path: '/api/rooms/create', body: {} }), expect: { anonymous: 401, guest: 401, user: 403, host: 200, admin: 403, superAdmin: 403 } },
  { route: 'POST /api/rooms/join', request: () => ({ path: '/api/rooms/join', body: { roomCode: 'ZZZZZZ', displayName: 'Nobody' } }), expect: all(404) },
  // docs/architecture.md "History and replay": signed-in users only; a round nobody played is 404 for everyone
  { route: 'GET /api/history', request: () => ({ path: '/api/history' }), expect: signedIn(200) },
  { route: 'GET /api/history/:gameId/:round', request: (c) => ({ path: `/api/history/${c.gameId}/1` }), expect: signedIn(404) },
  { route: 'GET /api/games/:gameId', request: (c) => ({ path: `/api/games/${c.gameId}` }), expect: { anonymous: 401, guest: 403, user: 403, host: 200, admin: 403, superAdmin: 403 } },
  {
    route: 'POST /api/games/:gameId/seating',
    request: (c) => ({ path: `/api/games/${c.gameId}/seating`, body: { newSeatingOrder: ['x'] } }),
    expect: { anonymous: 401, guest: 400, user: 400, host: 400, admin: 400, superAdmin: 400 },
  },
  {
    route: 'POST /api/games/:gameId/admin/player-role',
    request: (c) => ({ path: `/api/games/${c.gameId}/admin/player-role`, body: { playerId: 'nobody', newRole: 'Bad Guy' } }),
    expect: { anonymous: 401, guest: 403, user: 403, host: 403, admin: 403, superAdmin: 400 },
  },
  { route: 'POST /api/checkout/host', request: () => ({ path: '/api/checkout/host' }), expect: { anonymous: 401, guest: 401, user: 200, host: 400, admin: 200, superAdmin: 200 } },
  { route: 'POST /api/checkout/host-pass-48h', request: () => ({ path: '/api/checkout/host-pass-48h' }), expect: { anonymous: 401, guest: 401, user: 200, host: 400, admin: 200, superAdmin: 200 } },
  { route: 'POST /api/stripe/webhook', request: () => ({ path: '/api/stripe/webhook', body: {} }), expect: all(400) },
  { route: 'POST /api/debug/grant-host-manual', request: () => ({ path: '/api/debug/grant-host-manual', body: { tier: 'nope' } }), expect: signedIn(400) },
  { route: 'GET /api/debug/user-status', request: () => ({ path: '/api/debug/user-status' }), expect: signedIn(200) },
  { route: 'GET /api/dev/outbox', request: () => ({ path: '/api/dev/outbox' }), expect: all(200) },
  { route: 'GET /dev/outbox', request: () => ({ path: '/dev/outbox' }), expect: all(200) },
  { route: 'GET /dev/checkout', request: () => ({ path: '/dev/checkout' }), expect: all(404) },
  { route: 'POST /dev/checkout/complete', request: () => ({ path: '/dev/checkout/complete' }), expect: all(404) },
  { route: 'GET /api/admin/users', request: () => ({ path: '/api/admin/users?search=demo' }), expect: adminsOnly(200), admin: true },
  { route: 'GET /api/admin/entitlements', request: () => ({ path: '/api/admin/entitlements?status=active' }), expect: adminsOnly(200), admin: true },
  {
    route: 'POST /api/admin/entitlements/:id/revoke',
    request: () => ({ path: `/api/admin/entitlements/${UNKNOWN_ID}/revoke`, body: {} }),
    expect: adminsOnly(404),
    admin: true,
  },
  { route: 'POST /api/admin/toggle-admin', request: () => ({ path: '/api/admin/toggle-admin', body: { userIdentifier: 'nobody@example.com' } }), expect: superOnly(404), admin: true },
  {
    route: 'POST /api/admin/grant-entitlement',
    request: () => ({ path: '/api/admin/grant-entitlement', body: { email: 'nobody@example.com', type: 'host', tier: 'permanent' } }),
    expect: adminsOnly(404),
    admin: true,
  },
  { route: 'GET /api/admin/custom-roles', request: () => ({ path: '/api/admin/custom-roles' }), expect: superOnly(200), admin: true },
  { route: 'POST /api/admin/custom-roles', request: () => ({ path: '/api/admin/custom-roles', body: { baseName: '' } }), expect: superOnly(400), admin: true },
  {
    route: 'PATCH /api/admin/custom-roles/:id',
    request: () => ({ path: `/api/admin/custom-roles/${UNKNOWN_ID}`, body: CUSTOM_ROLE }),
    expect: superOnly(404),
    admin: true,
  },
  { route: 'DELETE /api/admin/custom-roles/:id', request: () => ({ path: `/api/admin/custom-roles/${UNKNOWN_ID}` }), expect: superOnly(404), admin: true },
  { route: 'GET /api/admin/audit-log', request: () => ({ path: '/api/admin/audit-log' }), expect: adminsOnly(200), admin: true },
  { route: 'GET /api/me/theme', request: () => ({ path: '/api/me/theme' }), expect: signedIn(200) },
  { route: 'POST /api/me/theme', request: () => ({ path: '/api/me/theme', body: { themeId: 'generic' } }), expect: signedIn(200) },
  { route: 'GET /api/me/theme/resolved', request: () => ({ path: '/api/me/theme/resolved' }), expect: signedIn(200) },
  { route: 'GET /api/theme/default', request: () => ({ path: '/api/theme/default' }), expect: all(200) },
  { route: 'GET /api/admin/theme', request: () => ({ path: '/api/admin/theme' }), expect: adminsOnly(200), admin: true },
  { route: 'POST /api/admin/theme', request: () => ({ path: '/api/admin/theme', body: { theme: '' } }), expect: adminsOnly(400), admin: true },
  { route: 'GET /api/themes', request: () => ({ path: '/api/themes' }), expect: signedIn(200) },
  { route: 'DELETE /api/themes/:id', request: () => ({ path: `/api/themes/${UNKNOWN_ID}` }), expect: signedIn(404) },
  // a JSON body is no ZIP: 400 'Please upload a ZIP file' once signed in (the session is checked before the body is read)
  { route: 'POST /api/themes/packs', request: () => ({ path: '/api/themes/packs', body: {} }), expect: signedIn(400) },
  { route: 'GET /api/themes/packs/:sha256', request: () => ({ path: `/api/themes/packs/${'0'.repeat(64)}` }), expect: all(404) },
  { route: 'GET /default-theme.zip', request: () => ({ path: '/default-theme.zip' }), expect: all(200) },
  { route: 'POST /api/auth/logout', request: () => ({ path: '/api/auth/logout', body: {} }), expect: all(200) },
];

const CUSTOM_ROLE = {
  baseName: 'Lamplighter',
  team: 'villager',
  abilities: 'Keeps the lamps lit.',
  nightOrder: 0,
  isActive: true,
  themeVariants: Object.fromEntries(['werewolf', 'russiagate', 'corporate', 'generic'].map((t) => [t, { title: 'Lamplighter', imageUrl: '' }])),
};

/** An HS256 token of the right shape signed with a secret that is not the gateway's (a forged session). */
function forgedToken(claims: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', 'forged-secret-forged-secret-forged-secret').update(unsigned).digest('base64url')}`;
}

/** Calls a route with a method and an optional cookie; returns the status. */
async function call(base: string, method: string, path: string, body: unknown, cookie?: string): Promise<number> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Every `METHOD path` the gateway's router registers (the SPA fallback middleware aside), read from the
 * Express router of the built gateway in a child Node process (jest's module loader cannot load Nest 12's
 * CommonJS-requiring-ESM packages, plain Node can).
 */
function registeredRoutes(): string[] {
  const script = `
    const { createGateway } = await import(${JSON.stringify(new URL('../../dist/main.js', import.meta.url).href)});
    const { loadGatewayEnv } = await import(${JSON.stringify(new URL('../../dist/env.js', import.meta.url).href)});
    const env = loadGatewayEnv({
      NODE_ENV: 'development', // every route, the development tools included (the stack below runs in development too)
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', // the rate-limit pool connects on first use only
      SESSION_SECRET: 'r'.repeat(40),
      LOG_LEVEL: 'silent',
    });
    const app = await createGateway(env);
    await app.init();
    const routes = [];
    for (const layer of app.getHttpAdapter().getInstance().router.stack) {
      if (!layer.route) continue;
      const methods = Object.keys(layer.route.methods);
      if (methods.length > 5) continue; // app.use() middleware registered for every method
      for (const m of methods) routes.push(m.toUpperCase() + ' ' + layer.route.path);
    }
    console.log('ROUTES ' + JSON.stringify(routes));
    await app.close();
    process.exit(0);
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 60_000 });
  const line = out.split('\n').find((l) => l.startsWith('ROUTES '));
  if (!line) throw new Error(`no route list in: ${out.slice(0, 500)}`);
  return JSON.parse(line.slice('ROUTES '.length)) as string[];
}

describe('authorization matrix: every gateway route x every kind of caller', () => {
  let stack: RunningStack;
  const cookies: Partial<Record<Persona, string>> = {};
  const ctx: Context = { gameId: '', entitlementId: '', customRoleId: '' };

  beforeAll(async () => {
    stack = await startTestStack();
    const signIn = async (email: string, password: string) => (await api(stack.url, '/api/auth/login', { email, password })).cookie!;
    cookies.host = await signIn(stack.demoHost.email, stack.demoHost.password);
    cookies.admin = await signIn(stack.admin.email, stack.admin.password);
    cookies.superAdmin = await signIn(stack.superAdmin.email, stack.superAdmin.password);
    cookies.user = (await api(stack.url, '/api/auth/signup', { email: 'plain@example.com', password: 'secret1' })).cookie!;
    const room = await api(stack.url, '/api/rooms/create', {}, cookies.host);
    ctx.gameId = room.body.gameId;
    // the guest joins another room, so it is a guest but not a player of ctx.gameId
    const other = await api(stack.url, '/api/rooms/create', {}, cookies.host);
    cookies.guest = (await api(stack.url, '/api/rooms/join', { roomCode: other.body.roomCode, displayName: 'Guest' })).cookie!;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('covers every registered route, and only those', async () => {
    const registered = registeredRoutes().sort();
    expect(registered).toEqual(ROWS.map((r) => r.route).sort());
  }, 60_000);

  it('answers each caller with the status of the matrix', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const row of ROWS) {
      const [method, template] = row.route.split(' ') as [string, string];
      for (const persona of PERSONAS) {
        const { path, body } = row.request(ctx);
        const status = await call(stack.url, method, path, body, cookies[persona]);
        got.push(`${row.route} as ${persona}: ${status}`);
        want.push(`${row.route} as ${persona}: ${row.expect[persona]}`);
        expect(template).toBeTruthy();
      }
    }
    expect(got).toEqual(want);
  }, 180_000);

  it('refuses every admin route with a forged or a missing session', async () => {
    const forged = `nf_session=${forgedToken({ sub: UNKNOWN_ID, sid: UNKNOWN_ID, name: 'Mallory', guest: false, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
    for (const row of ROWS.filter((r) => r.admin)) {
      const [method] = row.route.split(' ') as [string, string];
      const { path, body } = row.request(ctx);
      expect(`${row.route} forged: ${await call(stack.url, method, path, body, forged)}`).toBe(`${row.route} forged: 401`);
      expect(`${row.route} missing: ${await call(stack.url, method, path, body)}`).toBe(`${row.route} missing: 401`);
    }
  }, 60_000);
});
