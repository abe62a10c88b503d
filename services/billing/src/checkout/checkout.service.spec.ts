import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { PASS_48H_MS } from '../entitlements/entitlement-policy.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { signedEvent, stripeStandIn, WEBHOOK_SECRET, type StripeStandIn } from '../testing/stripe-stand-in.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { CheckoutService } from './checkout.service.js';

const BASE = 'http://nightfall.test:8080';

describe('checkout and the test checkout (real PostgreSQL, Stripe API stand-in, injected clock)', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  const clock = () => now;
  let db: BillingTestDatabase;
  let stand: StripeStandIn;
  let stripeApp: INestApplication;
  let devApp: INestApplication;
  let prodApp: INestApplication;
  let checkout: CheckoutService;
  let billing: EntitlementsService;

  beforeAll(async () => {
    db = await billingTestDatabase();
    stand = await stripeStandIn();
    stripeApp = await db.start(
      { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stand.base, STRIPE_PRICE_HOST_PASS: 'price_pass_123' },
      clock,
    );
    devApp = await db.start({ NODE_ENV: 'development' }, clock);
    prodApp = await db.start({ NODE_ENV: 'production' }, clock);
    checkout = stripeApp.get(CheckoutService);
    billing = stripeApp.get(EntitlementsService);
  });
  afterAll(async () => {
    await db.close();
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
      'payment_intent_data[metadata][checkoutId]': s.id,
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
      expect(await rpcErrorOf(checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE }))).toEqual({
        code: 'CHECKOUT_FAILED',
        title: 'Failed to start checkout',
        message: 'The payment provider could not be reached. Please try again later.',
      });
    } finally {
      stand.setFail(false);
    }
    expect(await stripeApp.get(DataSource).query(`SELECT 1 FROM "${db.schema}".checkout_sessions WHERE user_id = $1`, [user])).toEqual([]);
  });

  it('rejects a malformed request and a bad public URL with the checkout title, before calling Stripe', async () => {
    const calls = stand.seen.length;
    expect(await rpcErrorOf(checkout.create({ userId: 'nope', userEmail: '', tier: 'permanent', baseUrl: BASE }))).toEqual({
      code: 'INVALID_INPUT',
      title: 'Failed to start checkout',
      message: 'Invalid checkout request',
    });
    expect(await rpcErrorOf(checkout.create({ userId: randomUUID(), userEmail: '', tier: 'permanent', baseUrl: 'javascript:alert(1)' }))).toEqual({
      code: 'CHECKOUT_FAILED',
      title: 'Failed to start checkout',
      message: 'Invalid public URL',
    });
    expect(stand.seen.length).toBe(calls);
    expect(await rpcErrorOf(checkout.get('cs_unknown'))).toEqual({ code: 'CHECKOUT_NOT_FOUND', title: 'Error', message: 'Checkout session not found' });
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
    const devBilling = devApp.get(EntitlementsService);
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
    expect((await rpcErrorOf(devApp.get(WebhooksService).handle(evt.payload, evt.signature))).code).toBe('WEBHOOKS_DISABLED');
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
