import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { CheckoutService } from '../checkout/checkout.service.js';
import { EntitlementEntity } from '../entitlements/entitlement.entity.js';
import { PASS_48H_MS } from '../entitlements/entitlement-policy.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { signedEvent, stripeStandIn, WEBHOOK_SECRET, type StripeStandIn } from '../testing/stripe-stand-in.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { WebhooksService } from './webhooks.service.js';

const BASE = 'http://nightfall.test:8080';

describe('Stripe webhooks (real PostgreSQL, Stripe API stand-in, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let db: BillingTestDatabase;
  let stand: StripeStandIn;
  let webhooks: WebhooksService;
  let checkout: CheckoutService;
  let billing: EntitlementsService;
  let ds: DataSource;

  beforeAll(async () => {
    db = await billingTestDatabase();
    stand = await stripeStandIn();
    const app = await db.start({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stand.base }, () => now);
    webhooks = app.get(WebhooksService);
    checkout = app.get(CheckoutService);
    billing = app.get(EntitlementsService);
    ds = app.get(DataSource);
  });
  afterAll(async () => {
    await db.close();
    stand.server.close();
  });

  it('a signed checkout.session.completed webhook grants a stripe entitlement once; a replay grants nothing twice', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: 'paid@example.com', tier: 'permanent', baseUrl: BASE });
    const evt = signedEvent('evt_paid_1', { id: s.stripeSessionId, payment_intent: 'pi_123', metadata: { userId: user, tier: 'permanent' } });
    expect(await webhooks.handle(evt.payload, evt.signature)).toEqual({ eventId: 'evt_paid_1', eventType: 'checkout.session.completed', duplicate: false, granted: true, revoked: false });
    const access = await billing.hostAccess(user);
    expect(access.hasHostRights).toBe(true);
    expect(access.entitlement).toMatchObject({ source: 'stripe', tier: 'permanent', status: 'active', expiresAt: '', userEmail: 'paid@example.com' });
    const row = await ds.getRepository(EntitlementEntity).findOneByOrFail({ id: access.entitlement!.id });
    expect(row.paymentIntent).toBe('pi_123');
    expect(row.metadata).toMatchObject({ checkoutSessionId: s.id, stripeSessionId: s.stripeSessionId });

    // the same event again (Stripe retries) and a second event for the same session
    expect(await webhooks.handle(evt.payload, evt.signature)).toMatchObject({ duplicate: true, granted: false });
    const other = signedEvent('evt_paid_2', { id: s.stripeSessionId, payment_intent: 'pi_123', metadata: { userId: user, tier: 'permanent' } }, WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded');
    expect(await webhooks.handle(other.payload, other.signature)).toMatchObject({ duplicate: false, granted: false });
    expect(await billing.list(user)).toHaveLength(1);
    expect(await checkout.get(s.id)).toMatchObject({ status: 'completed', entitlementId: access.entitlement!.id });
    const events = await ds.getRepository(StripeEventEntity).findBy({ checkoutSessionId: s.id });
    expect(events.map((e) => [e.eventId, e.result]).sort()).toEqual([['evt_paid_1', 'granted'], ['evt_paid_2', 'already_fulfilled']]);
  });

  it('concurrent deliveries of one event grant once', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const evt = signedEvent('evt_race', { id: s.stripeSessionId, payment_intent: 'pi_race' });
    const results = await Promise.all([1, 2, 3].map(() => webhooks.handle(evt.payload, evt.signature)));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect(await billing.list(user)).toHaveLength(1);
  });

  it('a forged or unsigned webhook grants nothing and records nothing', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const forged = signedEvent('evt_forged', { id: s.stripeSessionId, metadata: { userId: user, tier: 'permanent' } }, 'whsec_not_the_secret');
    expect(await rpcErrorOf(webhooks.handle(forged.payload, forged.signature))).toEqual({ code: 'INVALID_SIGNATURE', title: 'Error', message: 'Invalid webhook signature' });
    expect(await rpcErrorOf(webhooks.handle(forged.payload, ''))).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const good = signedEvent('evt_tampered', { id: s.stripeSessionId });
    const tampered = Buffer.from(good.payload.toString().replace('"paid"', '"paid" '));
    expect(await rpcErrorOf(webhooks.handle(tampered, good.signature))).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await billing.list(user)).toEqual([]);
    expect(await ds.getRepository(StripeEventEntity).countBy({ eventId: 'evt_forged' })).toBe(0);
  });

  it('an unpaid session or another event type grants nothing', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const unpaid = signedEvent('evt_unpaid', { id: s.stripeSessionId, payment_status: 'unpaid' });
    expect(await webhooks.handle(unpaid.payload, unpaid.signature)).toMatchObject({ granted: false, duplicate: false });
    const expired = signedEvent('evt_expired', { id: s.stripeSessionId }, WEBHOOK_SECRET, 'checkout.session.expired');
    expect(await webhooks.handle(expired.payload, expired.signature)).toMatchObject({ granted: false });
    expect(await billing.list(user)).toEqual([]);
    expect((await ds.getRepository(StripeEventEntity).findOneByOrFail({ eventId: 'evt_expired' })).result).toBe('ignored');
  });

  it('a paid 48-hour pass from a webhook (session known only by its metadata) expires 48 hours later', async () => {
    const user = randomUUID();
    const evt = signedEvent('evt_pass', { id: 'cs_test_external_1', payment_intent: 'pi_pass', metadata: { userId: user, tier: 'pass_48h' } });
    expect((await webhooks.handle(evt.payload, evt.signature)).granted).toBe(true);
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
    expect(await webhooks.handle(evt.payload, evt.signature)).toMatchObject({ granted: false });
    await expect(checkout.get('cs_test_unknown')).rejects.toBeDefined();
  });
});
