import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { api, startTestStack, type RunningStack } from '@nightfall/testing';

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

/** A request with any method and a JSON (or raw) body; returns status, parsed body, raw text, headers and the session cookie. */
async function http(
  base: string,
  method: string,
  path: string,
  opts: { json?: unknown; raw?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<{ status: number; body: any; text: string; headers: Headers; cookie?: string }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.raw !== undefined) body = opts.raw;
  const r = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const text = await r.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* html */
  }
  const set = r.headers.get('set-cookie');
  return { status: r.status, body: parsed, text, headers: r.headers, cookie: set ? set.split(';')[0] : opts.cookie };
}

/** The token of the newest dev-outbox message to `to` (GET /api/dev/outbox). */
async function outboxToken(base: string, to: string): Promise<{ token: string; link: string; subject: string }> {
  const r = await api(base, '/api/dev/outbox');
  expect(r.status).toBe(200);
  const msg = (r.body as Array<{ to: string; link: string; subject: string; createdAt: string }>).find((m) => m.to === to);
  if (!msg) throw new Error(`no outbox message to ${to}`);
  return { token: new URL(msg.link).searchParams.get('token')!, link: msg.link, subject: msg.subject };
}

/** Signs up by magic link through the dev outbox; returns the session cookie and user id. */
async function magicSignup(base: string, email: string, displayName?: string): Promise<{ cookie: string; userId: string }> {
  const up = await api(base, '/api/auth/signup', { email, ...(displayName ? { displayName } : {}) });
  expect(up.status).toBe(200);
  const { token } = await outboxToken(base, email);
  const cb = await api(base, '/api/auth/callback', { token });
  expect(cb.status).toBe(200);
  return { cookie: cb.cookie!, userId: cb.body.user.id };
}

describe('accounts and host purchase on the real stack (development mode: dev outbox, test checkout)', () => {
  let stack: RunningStack;

  beforeAll(async () => {
    stack = await startTestStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('signs up by magic link: the dev outbox receives the link, the callback signs in, /api/me shows the user', async () => {
    const email = unique('mara');
    const up = await api(stack.url, '/api/auth/signup', { email, displayName: ' Mara ' });
    expect(up).toMatchObject({ status: 200, body: { status: 'magic_link_sent', purpose: 'signup', message: 'Check your email to complete signup' } });
    expect(up.cookie).toBeUndefined();

    const { token, link, subject } = await outboxToken(stack.url, email);
    expect(subject).toBe('Complete your Nightfall signup');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/auth\/callback\?token=[A-Za-z0-9_-]{43}$/);
    const page = await http(stack.url, 'GET', '/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain(email);
    expect(page.text).toContain(`href="${link}"`);

    const cb = await api(stack.url, '/api/auth/callback', { token });
    expect(cb.status).toBe(200);
    expect(cb.body).toMatchObject({ status: 'signed_in', message: 'Logged in successfully', user: { email, displayName: 'Mara', isGuest: false, hasHostRights: false } });
    expect(cb.cookie).toMatch(/^nf_session=/);
    const me = await api(stack.url, '/api/me', undefined, cb.cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, displayName: 'Mara', hostEntitlement: null, entitlements: [] });
    expect(Date.parse(me.body.createdAt)).not.toBeNaN();
    expect(Date.parse(me.body.lastLoginAt)).not.toBeNaN();

    // the link works once; a missing token has its own text
    expect(await api(stack.url, '/api/auth/callback', { token })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_TOKEN', title: 'Invalid Token', message: 'Invalid or expired authentication link', details: { description: 'The login link is invalid or expired' } },
    });
    expect(await api(stack.url, '/api/auth/callback', { token: 'not-a-real-token' })).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } });
    expect(await api(stack.url, '/api/auth/callback', {})).toMatchObject({
      status: 400,
      body: { code: 'TOKEN_MISSING', title: 'Invalid Token', message: 'No authentication token provided' },
    });
    // a second magic-link sign-up of the same e-mail is refused like a password one
    expect(await api(stack.url, '/api/auth/signup', { email })).toMatchObject({ status: 409, body: { title: 'Email Already Registered' } });
  });

  it('magic-link sign-in rotates the session; an unknown e-mail gets the same answer', async () => {
    const email = unique('rot');
    const first = await magicSignup(stack.url, email);
    const login = await api(stack.url, '/api/auth/login', { email }, first.cookie);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ status: 'magic_link_sent', purpose: 'signin', message: 'Check your email for the sign-in link' });
    const { token, subject } = await outboxToken(stack.url, email);
    expect(subject).toBe('Your Nightfall sign-in link');
    const cb = await api(stack.url, '/api/auth/callback', { token }, first.cookie);
    expect(cb.status).toBe(200);
    expect(cb.cookie).not.toBe(first.cookie);
    expect(cb.body.user.id).toBe(first.userId);
    expect((await api(stack.url, '/api/me', undefined, first.cookie)).status).toBe(401);
    expect((await api(stack.url, '/api/me', undefined, cb.cookie)).status).toBe(200);

    expect(await api(stack.url, '/api/auth/login', { email: unique('nobody') })).toEqual(
      expect.objectContaining({ status: 200, body: { status: 'magic_link_sent', purpose: 'signin', message: 'Check your email for the sign-in link' } }),
    );
    expect(await api(stack.url, '/api/auth/login', { email: 'not-an-email' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    // password sign-in still works and still rejects a wrong password
    expect(await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: 'wrong-password' })).toMatchObject({
      status: 401,
      body: { title: 'Login Failed', message: 'Invalid email or password' },
    });
  });

  it('PUT /api/profile changes the display name (trimmed, required, at most 50); signed-out callers get 401', async () => {
    const { cookie } = await magicSignup(stack.url, unique('prof'), 'Before');
    const ok = await http(stack.url, 'PUT', '/api/profile', { json: { displayName: '  After  ' }, cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ displayName: 'After', isGuest: false });
    expect((await api(stack.url, '/api/me', undefined, cookie)).body.displayName).toBe('After');
    expect(await http(stack.url, 'PUT', '/api/profile', { json: { displayName: '   ' }, cookie })).toMatchObject({ status: 400, body: { message: 'Display name is required' } });
    expect(await http(stack.url, 'PUT', '/api/profile', { json: {}, cookie })).toMatchObject({ status: 400, body: { message: 'Display name is required' } });
    expect(await http(stack.url, 'PUT', '/api/profile', { json: { displayName: 'x'.repeat(51) }, cookie })).toMatchObject({
      status: 400,
      body: { message: 'Display name must be 50 characters or less' },
    });
    expect((await http(stack.url, 'PUT', '/api/profile', { json: { displayName: 'Someone' } })).status).toBe(401);
  });

  it('checkout in development mode: the local TEST payment page grants a test entitlement once, then /api/me shows host rights', async () => {
    expect((await api(stack.url, '/api/checkout/host', {})).status).toBe(401);
    const buyer = await magicSignup(stack.url, unique('buyer'));
    const other = await magicSignup(stack.url, unique('other'));

    const start = await api(stack.url, '/api/checkout/host', {}, buyer.cookie);
    expect(start.status).toBe(200);
    expect(start.body.checkoutUrl).toMatch(/^\/dev\/checkout\?session=[0-9a-f-]{36}$/);
    const sessionId = new URLSearchParams(start.body.checkoutUrl.split('?')[1]).get('session')!;

    const page = await http(stack.url, 'GET', start.body.checkoutUrl, { cookie: buyer.cookie });
    expect(page.status).toBe(200);
    for (const text of ['TEST PAYMENT', 'Nightfall Host Unlock (Permanent)', '$9.99', 'Complete test payment', 'href="/purchase/cancel"']) expect(page.text).toContain(text);

    const stolen = await http(stack.url, 'POST', `/dev/checkout/complete?session=${sessionId}`, { cookie: other.cookie });
    expect(stolen.status).toBe(403);
    expect((await api(stack.url, '/api/me', undefined, other.cookie)).body.hasHostRights).toBe(false);

    const done = await http(stack.url, 'POST', `/dev/checkout/complete?session=${sessionId}`, { cookie: buyer.cookie });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/purchase/success?session_id=${sessionId}`);
    const me = (await api(stack.url, '/api/me', undefined, buyer.cookie)).body;
    expect(me.hasHostRights).toBe(true);
    expect(me.hostEntitlement).toMatchObject({ type: 'host', tier: 'permanent', source: 'test', status: 'active', expiresAt: null });

    const again = await http(stack.url, 'POST', `/dev/checkout/complete?session=${sessionId}`, { cookie: buyer.cookie });
    expect(again.status).toBe(303);
    expect((await api(stack.url, '/api/me', undefined, buyer.cookie)).body.entitlements).toHaveLength(1);
    expect((await http(stack.url, 'GET', start.body.checkoutUrl, { cookie: buyer.cookie })).text).toContain('already complete');

    expect(await api(stack.url, '/api/checkout/host-pass-48h', {}, buyer.cookie)).toMatchObject({
      status: 400,
      body: { title: 'Failed to start checkout', message: 'You already have permanent host access' },
    });
    expect((await http(stack.url, 'GET', '/dev/checkout?session=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('a 48-hour pass bought through the test checkout expires 48 hours after purchase', async () => {
    const buyer = await magicSignup(stack.url, unique('pass'));
    const start = await api(stack.url, '/api/checkout/host-pass-48h', {}, buyer.cookie);
    expect(start.status).toBe(200);
    const page = await http(stack.url, 'GET', start.body.checkoutUrl, { cookie: buyer.cookie });
    expect(page.text).toContain('$1.99');
    const before = Date.now();
    const sessionId = start.body.checkoutUrl.split('=')[1];
    expect((await http(stack.url, 'POST', `/dev/checkout/complete?session=${sessionId}`, { cookie: buyer.cookie })).status).toBe(303);
    const me = (await api(stack.url, '/api/me', undefined, buyer.cookie)).body;
    expect(me.hostEntitlement).toMatchObject({ tier: 'pass_48h', source: 'test' });
    const hours = (Date.parse(me.hostEntitlement.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(47.99);
    expect(hours).toBeLessThan(48.01);
  });

  it('debug endpoints answer in development mode: grant-host-manual and user-status', async () => {
    const { cookie } = await magicSignup(stack.url, unique('dbg'));
    expect((await api(stack.url, '/api/debug/grant-host-manual', {})).status).toBe(401);
    expect(await api(stack.url, '/api/debug/grant-host-manual', { tier: 'forever' }, cookie)).toMatchObject({ status: 400 });
    const first = await api(stack.url, '/api/debug/grant-host-manual', { tier: 'pass_48h' }, cookie);
    expect(first).toMatchObject({ status: 200, body: { granted: true, entitlement: { tier: 'pass_48h', source: 'manual_grant', status: 'active' } } });
    expect((await api(stack.url, '/api/debug/grant-host-manual', { tier: 'pass_48h' }, cookie)).body.granted).toBe(false);
    expect((await api(stack.url, '/api/debug/grant-host-manual', {}, cookie)).body).toMatchObject({ granted: true, entitlement: { tier: 'permanent' } });
    const status = await api(stack.url, '/api/debug/user-status', undefined, cookie);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      isAdmin: false,
      adminLevel: null,
      user: { hasHostRights: true, hostEntitlement: { tier: 'permanent' } },
      environment: { devMode: true, checkout: 'test', stripeWebhooks: false, mail: 'outbox' },
    });
  });

  it('refuses Stripe webhooks when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const r = await http(stack.url, 'POST', '/api/stripe/webhook', { raw: '{"id":"evt_1"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(r).toMatchObject({ status: 400, body: { code: 'WEBHOOKS_DISABLED' } });
  });
});

describe('accounts and host purchase on the real stack (production mode, rate limit 4/min, Stripe webhook secret, ADMIN_EMAILS)', () => {
  const secret = 'whsec_gateway_test';
  const adminEmail = unique('admin');
  let stack: RunningStack;

  beforeAll(async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'production', AUTH_RATE_LIMIT: '4', STRIPE_WEBHOOK_SECRET: secret, ADMIN_EMAILS: ` ${adminEmail.toUpperCase()} , other@example.com` });
    try {
      stack = await startTestStack();
    } finally {
      for (const k of ['NODE_ENV', 'AUTH_RATE_LIMIT', 'STRIPE_WEBHOOK_SECRET', 'ADMIN_EMAILS']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('a signed Stripe webhook posted to the gateway is verified on its raw body: it grants once, a replay grants nothing, a forged one is refused', async () => {
    const buyer = await api(stack.url, '/api/auth/signup', { email: unique('stripe'), password: 'secret123' });
    expect(buyer.status).toBe(200);
    const userId = buyer.body.user.id as string;
    // pretty-printed on purpose: re-serialising the JSON would break the signature
    const payload = JSON.stringify(
      {
        id: `evt_gw_${randomBytes(4).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        livemode: false,
        data: { object: { id: `cs_test_gw_${randomBytes(4).toString('hex')}`, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_gw', metadata: { userId, tier: 'permanent' } } },
      },
      null,
      2,
    );
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    const first = await http(stack.url, 'POST', '/api/stripe/webhook', { raw: payload, headers });
    expect(first).toMatchObject({ status: 200, body: { received: true, duplicate: false, granted: true } });
    const replay = await http(stack.url, 'POST', '/api/stripe/webhook', { raw: payload, headers });
    expect(replay).toMatchObject({ status: 200, body: { received: true, duplicate: true, granted: false } });
    const forged = await http(stack.url, 'POST', '/api/stripe/webhook', {
      raw: payload.replace(userId, '00000000-0000-4000-8000-000000000000'),
      headers,
    });
    expect(forged).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } });
    const unsigned = await http(stack.url, 'POST', '/api/stripe/webhook', { raw: payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } });
    const me = (await api(stack.url, '/api/me', undefined, buyer.cookie)).body;
    expect(me.entitlements).toHaveLength(1);
    expect(me.hostEntitlement).toMatchObject({ source: 'stripe', tier: 'permanent', status: 'active' });

    // the charge is refunded in Stripe's dashboard: the signed charge.refunded takes the host right back
    const refund = JSON.stringify({
      id: `evt_gw_refund_${randomBytes(4).toString('hex')}`,
      object: 'event',
      type: 'charge.refunded',
      livemode: false,
      data: { object: { id: 'ch_gw', object: 'charge', amount: 999, amount_refunded: 999, refunded: true, payment_intent: 'pi_gw' } },
    });
    const refunded = await http(stack.url, 'POST', '/api/stripe/webhook', {
      raw: refund,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: refund, secret }) },
    });
    expect(refunded).toMatchObject({ status: 200, body: { received: true, duplicate: false, granted: false, revoked: true } });
    const after = (await api(stack.url, '/api/me', undefined, buyer.cookie)).body;
    expect(after).toMatchObject({ hasHostRights: false, hostEntitlement: null, hostStatus: 'revoked' });
    expect(after.entitlements).toEqual([expect.objectContaining({ source: 'stripe', status: 'revoked' })]);
    expect(await api(stack.url, '/api/rooms/create', {}, buyer.cookie)).toMatchObject({ status: 403, body: { code: 'HOST_REQUIRED' } });
  });

  it('in production without Stripe keys or SMTP: no dev outbox, no test checkout, debug only for admins (ADMIN_EMAILS)', async () => {
    expect((await http(stack.url, 'GET', '/api/dev/outbox')).status).toBe(404);
    expect((await http(stack.url, 'GET', '/dev/outbox')).status).toBe(404);
    const user = await api(stack.url, '/api/auth/signup', { email: unique('prod'), password: 'secret123' });
    expect(await api(stack.url, '/api/checkout/host', {}, user.cookie)).toMatchObject({
      status: 400,
      body: { title: 'Failed to start checkout', message: 'Payments are not configured. Please try again later.' },
    });
    expect(await api(stack.url, '/api/debug/user-status', undefined, user.cookie)).toMatchObject({ status: 403, body: { title: 'Access Denied' } });
    expect((await api(stack.url, '/api/debug/grant-host-manual', {}, user.cookie)).status).toBe(403);

    // ADMIN_EMAILS counts once the account has proven the address (a followed magic link); the outbox is
    // not served in production, but identity still writes it to the stack's outbox folder
    expect((await api(stack.url, '/api/auth/signup', { email: adminEmail })).status).toBe(200);
    const mailed = readdirSync(stack.outboxDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(stack.outboxDir, f), 'utf8')) as { to: string; link: string })
      .find((m) => m.to === adminEmail)!;
    const admin = await api(stack.url, '/api/auth/callback', { token: new URL(mailed.link).searchParams.get('token') });
    expect(admin.status).toBe(200);
    const status = await api(stack.url, '/api/debug/user-status', undefined, admin.cookie);
    expect(status).toMatchObject({ status: 200, body: { isAdmin: true, adminLevel: 'admin', environment: { devMode: false, checkout: 'disabled', stripeWebhooks: true } } });
    expect((await api(stack.url, '/api/debug/grant-host-manual', {}, admin.cookie)).body).toMatchObject({ granted: true, entitlement: { source: 'manual_grant' } });
  });

  it('rate-limits sign-in per IP: the 5th attempt within a minute gets 429 Too Many Requests; /api/me is not limited', async () => {
    const attempt = () => api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: 'wrong-password' });
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'RATE_LIMITED',
      title: 'Too Many Requests',
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    for (let i = 0; i < 6; i++) expect((await api(stack.url, '/api/me')).status).toBe(401);
  });
});
