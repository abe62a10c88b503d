import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { rpcErrorOf, runMigrations, testDatabaseUrl, uniqueSchema } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { BillingService } from './billing.service.js';
import { CheckoutService } from './checkout.service.js';
import { billingDatabase } from './database.js';
import { loadBillingEnv } from './env.js';
import { EntitlementEntity } from './entitlement.entity.js';
import { PASS_48H_MS } from './entitlement-policy.js';
import { StripeEventEntity } from './stripe-event.entity.js';

const schema = uniqueSchema('billing');
const WEBHOOK_SECRET = 'whsec_test_nightfall';
const BASE = 'http://nightfall.test:8080';
const baseEnv = { DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' };

/** A request the Stripe stand-in received. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A local stand-in of the Stripe API (Stripe itself is unreachable here): answers
 * POST /v1/checkout/sessions with a Checkout Session object, or 500 while `fail` is set.
 */
function stripeStandIn(): Promise<{ server: Server; base: string; seen: Seen[]; setFail(v: boolean): void }> {
  const seen: Seen[] = [];
  let fail = false;
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      if (fail) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no route ${req.url}` } }));
        return;
      }
      const id = `cs_test_standin_${++n}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
          payment_status: 'unpaid',
          status: 'open',
          client_reference_id: form.get('client_reference_id'),
          metadata: { userId: form.get('metadata[userId]'), tier: form.get('metadata[tier]'), checkoutId: form.get('metadata[checkoutId]') },
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
          currency: 'usd',
        }),
      );
    });
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, setFail: (v) => (fail = v) })),
  );
}

/** A Stripe event JSON for a Checkout Session, and its signature made with `secret`. */
function signedEvent(
  eventId: string,
  session: { id: string; payment_status?: string; payment_intent?: string; metadata?: Record<string, string>; client_reference_id?: string },
  secret = WEBHOOK_SECRET,
  type = 'checkout.session.completed',
): { payload: Buffer; signature: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', payment_status: 'paid', ...session } },
  });
  return { payload: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function startApp(env: Record<string, string>, clock: () => number): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(loadBillingEnv({ ...baseEnv, ...env }), clock)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('checkout, Stripe webhooks and the test checkout (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  const clock = () => now;
  let stand: Awaited<ReturnType<typeof stripeStandIn>>;
  let stripeApp: INestApplication;
  let devApp: INestApplication;
  let prodApp: INestApplication;
  let checkout: CheckoutService;
  let billing: BillingService;
  let ds: DataSource;

  beforeAll(async () => {
    await runMigrations(billingDatabase(baseEnv.DATABASE_URL, schema));
    stand = await stripeStandIn();
    stripeApp = await startApp(
      { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stand.base, STRIPE_PRICE_HOST_PASS: 'price_pass_123' },
      clock,
    );
    devApp = await startApp({ NODE_ENV: 'development' }, clock);
    prodApp = await startApp({ NODE_ENV: 'production' }, clock);
    checkout = stripeApp.get(CheckoutService);
    billing = stripeApp.get(BillingService);
    ds = stripeApp.get(DataSource);
  });
  afterAll(async () => {
    await ds.query(`DROP SCHEMA "${schema}" CASCADE`);
    await Promise.all([stripeApp.close(), devApp.close(), prodApp.close()]);
    stand.server.close();
  });

  it('creates a Stripe Checkout Session ($9.99, price_data) against a local Stripe API stand-in (Stripe unreachable here)', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: 'buyer@example.com', tier: 'permanent', baseUrl: BASE });
    expect(s).toMatchObject({ mode: 'stripe', tier: 'permanent', amountCents: 999, currency: 'usd', status: 'open', userId: user });
    expect(s.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${s.stripeSessionId}`);
    const req = stand.seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe('Bearer sk_test_standin');
    expect(req.headers['idempotency-key']).toBe(`checkout-${s.id}`);
    expect(Object.fromEntries(req.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][price_data][product_data][name]': 'Nightfall Host Unlock (Permanent)',
      'line_items[0][quantity]': '1',
      success_url: `${BASE}/purchase/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${BASE}/purchase/cancel`,
      client_reference_id: user,
      customer_email: 'buyer@example.com',
      'metadata[userId]': user,
      'metadata[tier]': 'permanent',
      'metadata[checkoutId]': s.id,
    });
    expect(await checkout.get(s.stripeSessionId)).toMatchObject({ id: s.id, status: 'open' });
  });

  it('uses STRIPE_PRICE_HOST_PASS for the 48-hour pass against a local Stripe API stand-in (Stripe unreachable here)', async () => {
    const s = await checkout.create({ userId: randomUUID(), userEmail: '', tier: 'pass_48h', baseUrl: BASE });
    expect(s).toMatchObject({ tier: 'pass_48h', amountCents: 199 });
    const form = stand.seen.at(-1)!.form;
    expect(form.get('line_items[0][price]')).toBe('price_pass_123');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBeNull();
    expect(form.get('customer_email')).toBeNull();
  });

  it('answers "Failed to start checkout" when the Stripe API stand-in fails, and stores nothing', async () => {
    const user = randomUUID();
    stand.setFail(true);
    try {
      expect(await rpcErrorOf(checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE }))).toMatchObject({
        code: 'CHECKOUT_FAILED',
        title: 'Failed to start checkout',
      });
    } finally {
      stand.setFail(false);
    }
    expect(await ds.query(`SELECT 1 FROM "${schema}".checkout_sessions WHERE user_id = $1`, [user])).toEqual([]);
  });

  it('a signed checkout.session.completed webhook grants a stripe entitlement once; a replay grants nothing twice', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: 'paid@example.com', tier: 'permanent', baseUrl: BASE });
    const evt = signedEvent('evt_paid_1', { id: s.stripeSessionId, payment_intent: 'pi_123', metadata: { userId: user, tier: 'permanent' } });
    expect(await checkout.handleWebhook(evt.payload, evt.signature)).toEqual({ eventId: 'evt_paid_1', eventType: 'checkout.session.completed', duplicate: false, granted: true });
    const access = await billing.hostAccess(user);
    expect(access.hasHostRights).toBe(true);
    expect(access.entitlement).toMatchObject({ source: 'stripe', tier: 'permanent', status: 'active', expiresAt: '', userEmail: 'paid@example.com' });
    const row = await ds.getRepository(EntitlementEntity).findOneByOrFail({ id: access.entitlement!.id });
    expect(row.paymentIntent).toBe('pi_123');
    expect(row.metadata).toMatchObject({ checkoutSessionId: s.id, stripeSessionId: s.stripeSessionId });

    // the same event again (Stripe retries) and a second event for the same session
    expect(await checkout.handleWebhook(evt.payload, evt.signature)).toMatchObject({ duplicate: true, granted: false });
    const other = signedEvent('evt_paid_2', { id: s.stripeSessionId, payment_intent: 'pi_123', metadata: { userId: user, tier: 'permanent' } }, WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded');
    expect(await checkout.handleWebhook(other.payload, other.signature)).toMatchObject({ duplicate: false, granted: false });
    expect(await billing.list(user)).toHaveLength(1);
    expect(await checkout.get(s.id)).toMatchObject({ status: 'completed', entitlementId: access.entitlement!.id });
    const events = await ds.getRepository(StripeEventEntity).findBy({ checkoutSessionId: s.id });
    expect(events.map((e) => [e.eventId, e.result]).sort()).toEqual([['evt_paid_1', 'granted'], ['evt_paid_2', 'already_fulfilled']]);
  });

  it('concurrent deliveries of one event grant once', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const evt = signedEvent('evt_race', { id: s.stripeSessionId, payment_intent: 'pi_race' });
    const results = await Promise.all([1, 2, 3].map(() => checkout.handleWebhook(evt.payload, evt.signature)));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect(await billing.list(user)).toHaveLength(1);
  });

  it('a forged or unsigned webhook grants nothing and records nothing', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const forged = signedEvent('evt_forged', { id: s.stripeSessionId, metadata: { userId: user, tier: 'permanent' } }, 'whsec_not_the_secret');
    expect(await rpcErrorOf(checkout.handleWebhook(forged.payload, forged.signature))).toEqual({ code: 'INVALID_SIGNATURE', title: 'Error', message: 'Invalid webhook signature' });
    expect(await rpcErrorOf(checkout.handleWebhook(forged.payload, ''))).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const good = signedEvent('evt_tampered', { id: s.stripeSessionId });
    const tampered = Buffer.from(good.payload.toString().replace('"paid"', '"paid" '));
    expect(await rpcErrorOf(checkout.handleWebhook(tampered, good.signature))).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await billing.list(user)).toEqual([]);
    expect(await ds.getRepository(StripeEventEntity).countBy({ eventId: 'evt_forged' })).toBe(0);
  });

  it('an unpaid session or another event type grants nothing', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const unpaid = signedEvent('evt_unpaid', { id: s.stripeSessionId, payment_status: 'unpaid' });
    expect(await checkout.handleWebhook(unpaid.payload, unpaid.signature)).toMatchObject({ granted: false, duplicate: false });
    const expired = signedEvent('evt_expired', { id: s.stripeSessionId }, WEBHOOK_SECRET, 'checkout.session.expired');
    expect(await checkout.handleWebhook(expired.payload, expired.signature)).toMatchObject({ granted: false });
    expect(await billing.list(user)).toEqual([]);
  });

  it('a paid 48-hour pass from a webhook (session known only by its metadata) expires 48 hours later', async () => {
    const user = randomUUID();
    const evt = signedEvent('evt_pass', { id: 'cs_test_external_1', payment_intent: 'pi_pass', metadata: { userId: user, tier: 'pass_48h' } });
    expect((await checkout.handleWebhook(evt.payload, evt.signature)).granted).toBe(true);
    const pass = (await billing.hostAccess(user)).entitlement!;
    expect(pass).toMatchObject({ tier: 'pass_48h', source: 'stripe' });
    expect(Date.parse(pass.expiresAt) - now).toBe(PASS_48H_MS);
    expect(await checkout.get('cs_test_external_1')).toMatchObject({ userId: user, tier: 'pass_48h', status: 'completed', amountCents: 199 });
    now += PASS_48H_MS - 1;
    expect((await billing.hostAccess(user)).hasHostRights).toBe(true);
    now += 1;
    expect((await billing.hostAccess(user)).hasHostRights).toBe(false);
    expect((await billing.list(user))[0]!.status).toBe('expired');
  });

  it('a webhook without usable metadata for an unknown session grants nothing', async () => {
    const evt = signedEvent('evt_nometa', { id: 'cs_test_unknown', metadata: { tier: 'permanent' } });
    expect(await checkout.handleWebhook(evt.payload, evt.signature)).toMatchObject({ granted: false });
    await expect(checkout.get('cs_test_unknown')).rejects.toBeDefined();
  });

  it('permanent wins over a newer pass; revoked entitlements give no rights', async () => {
    const user = randomUUID();
    const permanent = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'permanent', source: 'manual' });
    now += 1000;
    const pass = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'pass_48h', source: 'test' });
    expect((await billing.hostAccess(user)).entitlement?.id).toBe(permanent.id);
    expect((await billing.revoke(permanent.id)).status).toBe('revoked');
    expect((await billing.hostAccess(user)).entitlement?.id).toBe(pass.id);
    await billing.revoke(pass.id);
    expect(await billing.revoke(pass.id)).toMatchObject({ status: 'revoked' });
    expect(await billing.hostAccess(user)).toEqual({ hasHostRights: false, entitlement: undefined });
    expect((await rpcErrorOf(billing.revoke(randomUUID()))).code).toBe('ENTITLEMENT_NOT_FOUND');
  });

  it('refuses a new checkout when permanent host access is already owned', async () => {
    const user = randomUUID();
    await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'permanent', source: 'manual' });
    expect(await rpcErrorOf(checkout.create({ userId: user, userEmail: '', tier: 'pass_48h', baseUrl: BASE }))).toMatchObject({
      title: 'Failed to start checkout',
      message: 'You already have permanent host access',
    });
  });

  it('without Stripe keys (development) checkout is a local test page whose completion grants a test entitlement once', async () => {
    const dev = devApp.get(CheckoutService);
    const devBilling = devApp.get(BillingService);
    expect(dev.mode).toBe('test');
    const user = randomUUID();
    const s = await dev.create({ userId: user, userEmail: 'dev@example.com', tier: 'pass_48h', baseUrl: BASE });
    expect(s).toMatchObject({ mode: 'test', checkoutUrl: `/dev/checkout?session=${s.id}`, productName: 'Nightfall 48-Hour Host Pass', amountCents: 199, stripeSessionId: '' });
    expect(await rpcErrorOf(dev.completeTest(s.id, randomUUID()))).toMatchObject({ code: 'FORBIDDEN', title: 'Access Denied' });
    const done = await dev.completeTest(s.id, user);
    expect(done.granted).toBe(true);
    expect(done.entitlement).toMatchObject({ source: 'test', tier: 'pass_48h', status: 'active' });
    expect(Date.parse(done.entitlement!.expiresAt) - now).toBe(PASS_48H_MS);
    expect((await dev.completeTest(s.id, user)).granted).toBe(false);
    expect(await devBilling.list(user)).toHaveLength(1);
    // a test checkout cannot be completed by a service running with Stripe keys
    expect((await rpcErrorOf(checkout.completeTest(s.id, user))).code).toBe('NOT_A_TEST_CHECKOUT');
    // and webhooks are refused without STRIPE_WEBHOOK_SECRET
    const evt = signedEvent('evt_dev', { id: 'cs_x' });
    expect((await rpcErrorOf(dev.handleWebhook(evt.payload, evt.signature))).code).toBe('WEBHOOKS_DISABLED');
  });

  it('in production without Stripe keys checkout is disabled', async () => {
    const prod = prodApp.get(CheckoutService);
    expect(prod.mode).toBe('disabled');
    expect(await rpcErrorOf(prod.create({ userId: randomUUID(), userEmail: '', tier: 'permanent', baseUrl: BASE }))).toMatchObject({
      code: 'CHECKOUT_FAILED',
      title: 'Failed to start checkout',
      message: 'Payments are not configured. Please try again later.',
    });
  });
});
