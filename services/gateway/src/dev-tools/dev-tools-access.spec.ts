/**
 * Who reaches the development tools (docs/architecture.md "Development tools"): they exist only with
 * NODE_ENV=development set explicitly, and then answer loopback clients only, the client being req.ip under
 * TRUST_PROXY. The stack runs in development with TRUST_PROXY=loopback, so a request with X-Forwarded-For
 * plays a client on another machine (an ingress in front); a request to this machine's LAN address is one.
 */
import { execFileSync } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { api, startTestStack, type RunningStack } from '@nightfall/testing';

const REMOTE = '198.51.100.23';

/** A request from `ip` (X-Forwarded-For, when given) with an optional cookie and JSON body. */
async function call(base: string, method: string, path: string, o: { ip?: string; cookie?: string; json?: unknown } = {}) {
  const r = await fetch(base + path, {
    method,
    redirect: 'manual',
    headers: { ...(o.ip ? { 'x-forwarded-for': o.ip } : {}), ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: o.json === undefined ? undefined : JSON.stringify(o.json),
  });
  const text = await r.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* an HTML page */
  }
  return { status: r.status, body, text };
}

/** `METHOD path` of every route the built gateway registers with `env` (read in a child Node process, as in authorization-matrix.spec.ts). */
function registeredRoutes(env: Record<string, string>): string[] {
  const script = `
    const { createGateway } = await import(${JSON.stringify(new URL('../../dist/main.js', import.meta.url).href)});
    const { loadGatewayEnv } = await import(${JSON.stringify(new URL('../../dist/env.js', import.meta.url).href)});
    const app = await createGateway(loadGatewayEnv(${JSON.stringify({ NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', SESSION_SECRET: 'r'.repeat(40), LOG_LEVEL: 'silent', ...env })}));
    await app.init();
    const routes = [];
    for (const layer of app.getHttpAdapter().getInstance().router.stack) {
      if (!layer.route) continue;
      for (const m of Object.keys(layer.route.methods)) routes.push(m.toUpperCase() + ' ' + layer.route.path);
    }
    console.log('ROUTES ' + JSON.stringify(routes));
    await app.close();
    process.exit(0);
  `;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  delete childEnv.NODE_ENV;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: childEnv, timeout: 60_000 });
  return JSON.parse(out.split('\n').find((l) => l.startsWith('ROUTES '))!.slice('ROUTES '.length)) as string[];
}

describe('development tools: NODE_ENV=development and loopback clients only', () => {
  let stack: RunningStack;
  let user: string;
  let checkoutId: string;

  beforeAll(async () => {
    stack = await startTestStack({ nodeEnv: 'development', gatewayEnv: { TRUST_PROXY: 'loopback', RATE_LIMIT_JOIN_PER_IP: '2' } });
    user = (await api(stack.url, '/api/auth/signup', { email: `dev-${Date.now()}@example.com`, password: 'secret123' })).cookie!;
    const checkout = await api(stack.url, '/api/checkout/host', {}, user);
    expect(checkout.body.checkoutUrl).toMatch(/^\/dev\/checkout\?session=/);
    checkoutId = new URL(checkout.body.checkoutUrl, stack.url).searchParams.get('session')!;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('serves the dev outbox and the test checkout to this machine', async () => {
    expect((await call(stack.url, 'GET', '/api/dev/outbox')).status).toBe(200);
    expect((await call(stack.url, 'GET', '/dev/outbox')).status).toBe(200);
    expect((await call(stack.url, 'GET', `/dev/checkout?session=${checkoutId}`, { cookie: user })).text).toContain('TEST PAYMENT');
  });

  it('answers a client on another machine 404, as if the routes did not exist, and completes no test payment', async () => {
    expect(await call(stack.url, 'GET', '/api/dev/outbox', { ip: REMOTE })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', title: 'Error', message: 'Cannot GET /api/dev/outbox' } });
    expect((await call(stack.url, 'GET', '/dev/outbox', { ip: REMOTE })).status).toBe(404);
    expect((await call(stack.url, 'GET', `/dev/checkout?session=${checkoutId}`, { ip: REMOTE, cookie: user })).status).toBe(404);
    expect((await call(stack.url, 'POST', `/dev/checkout/complete?session=${checkoutId}`, { ip: REMOTE, cookie: user })).status).toBe(404);
    expect((await api(stack.url, '/api/me', undefined, user)).body.hasHostRights).toBe(false);
    // a proxy chain: only the entry the trusted proxy (loopback) appended counts
    expect((await call(stack.url, 'GET', '/api/dev/outbox', { ip: `127.0.0.1, ${REMOTE}` })).status).toBe(404);
  });

  it('refuses the debug grant to non-admins on another machine, and still answers admins there', async () => {
    expect((await call(stack.url, 'GET', '/api/debug/user-status', { cookie: user })).status).toBe(200);
    expect(await call(stack.url, 'GET', '/api/debug/user-status', { ip: REMOTE, cookie: user })).toMatchObject({ status: 403, body: { title: 'Access Denied' } });
    expect((await call(stack.url, 'POST', '/api/debug/grant-host-manual', { ip: REMOTE, cookie: user, json: {} })).status).toBe(403);
    expect((await api(stack.url, '/api/me', undefined, user)).body.hasHostRights).toBe(false);
    const admin = (await api(stack.url, '/api/auth/login', { email: stack.admin.email, password: stack.admin.password })).cookie!;
    expect(await call(stack.url, 'GET', '/api/debug/user-status', { ip: REMOTE, cookie: admin })).toMatchObject({ status: 200, body: { isAdmin: true, environment: { nodeEnv: 'development', devMode: true } } });
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy (a phone on the LAN cannot claim to be 127.0.0.1)', async () => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!lan) {
      console.warn('no non-loopback IPv4 address on this machine: the LAN case is not exercised');
      return;
    }
    const base = `http://${lan}:${stack.port}`;
    expect((await call(base, 'GET', '/api/dev/outbox')).status).toBe(404);
    expect((await call(base, 'GET', '/api/dev/outbox', { ip: '127.0.0.1' })).status).toBe(404);
    expect((await call(base, 'GET', '/health/live')).status).toBe(200); // the game itself is served to the LAN
  });

  it('does not count this machine against the rate limits in development, but does count other clients', async () => {
    for (let i = 0; i < 5; i++) expect((await api(stack.url, '/api/rooms/join', { roomCode: 'ZZZZZZ', displayName: 'Local' })).status).toBe(404);
    const remote: number[] = [];
    for (let i = 0; i < 4; i++) remote.push((await call(stack.url, 'POST', '/api/rooms/join', { ip: REMOTE, json: { roomCode: 'ZZZZZZ', displayName: 'Remote' } })).status);
    expect(remote).toEqual([404, 404, 429, 429]);
  });

  it('registers no development route unless NODE_ENV=development is set explicitly', () => {
    const dev = (routes: string[]) => routes.filter((r) => / \/(api\/)?dev\//.test(r));
    expect(dev(registeredRoutes({ NODE_ENV: 'development' })).sort()).toEqual(['GET /api/dev/outbox', 'GET /dev/checkout', 'GET /dev/outbox', 'POST /dev/checkout/complete']);
    for (const env of [{}, { NODE_ENV: 'test' }, { NODE_ENV: 'production' }] as Array<Record<string, string>>) {
      const routes = registeredRoutes(env);
      expect(dev(routes)).toEqual([]);
      expect(routes).toContain('GET /api/debug/user-status'); // admins keep the debug endpoints
    }
  }, 120_000);
});
