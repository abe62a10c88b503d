import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NatsClient, rpcErrorOf } from '@nightfall/server-kit';
import { ENTITLEMENT_EVENT_SUBJECTS, type EntitlementEvent } from '@nightfall/contracts';
import { CheckoutService } from '../checkout/checkout.service.js';
import { EntitlementEntity } from '../entitlements/entitlement.entity.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { createdDispute, refundedCharge, signedEvent, signedStripeEvent, stripeStandIn, WEBHOOK_SECRET, type StripeStandIn } from '../testing/stripe-stand-in.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { WebhooksService } from './webhooks.service.js';

const BASE = 'http://nightfall.test:8080';

describe('Stripe refunds and disputes revoke what the payment granted (real PostgreSQL and NATS, signed events; only the Stripe API is a local stand-in)', () => {
  let db: BillingTestDatabase;
  let stand: StripeStandIn;
  let webhooks: WebhooksService;
  let checkout: CheckoutService;
  let billing: EntitlementsService;
  let ds: DataSource;
  const revokedEvents: EntitlementEvent[] = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    db = await billingTestDatabase();
    stand = await stripeStandIn();
    const app = await db.start({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stand.base });
    webhooks = app.get(WebhooksService);
    checkout = app.get(CheckoutService);
    billing = app.get(EntitlementsService);
    ds = app.get(DataSource);
    const nc = await app.get(NatsClient).connection();
    const sub = nc.subscribe(ENTITLEMENT_EVENT_SUBJECTS.revoked, { callback: (_err, m) => void revokedEvents.push(JSON.parse(m.string()) as EntitlementEvent) });
    unsubscribe = () => sub.unsubscribe();
    await nc.flush();
  });
  afterAll(async () => {
    unsubscribe();
    await db.close();
    stand.server.close();
  });

  /** A user who bought `tier` through a Stripe checkout paid with payment intent `pi`. */
  async function buyer(tier: 'permanent' | 'pass_48h', pi: string): Promise<{ user: string; entitlementId: string }> {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: `${pi}@example.com`, tier, baseUrl: BASE });
    const paid = signedEvent(`evt_paid_${pi}`, { id: s.stripeSessionId, payment_intent: pi, metadata: { userId: user, tier } });
    expect(await webhooks.handle(paid.payload, paid.signature)).toMatchObject({ granted: true, revoked: false });
    const access = await billing.hostAccess(user);
    expect(access.hasHostRights).toBe(true);
    return { user, entitlementId: access.entitlement!.id };
  }

  /** The revoked events announced on NATS about `userId` (waits up to 3 s for `count`). */
  async function announcedRevocations(userId: string, count: number): Promise<EntitlementEvent[]> {
    const until = Date.now() + 3000;
    for (;;) {
      const mine = revokedEvents.filter((e) => e.entitlement.userId === userId);
      if (mine.length >= count || Date.now() > until) return mine;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a full refund (charge.refunded) revokes the host entitlement of that payment only, once; a replay does nothing', async () => {
    const a = await buyer('permanent', 'pi_refund_a');
    const b = await buyer('permanent', 'pi_refund_b');
    const refund = signedStripeEvent('evt_refund_a', 'charge.refunded', refundedCharge('pi_refund_a'));
    expect(await webhooks.handle(refund.payload, refund.signature)).toEqual({ eventId: 'evt_refund_a', eventType: 'charge.refunded', duplicate: false, granted: false, revoked: true });

    const access = await billing.hostAccess(a.user);
    expect(access.hasHostRights).toBe(false);
    expect(access.hostStatus).toBe('revoked');
    const row = await ds.getRepository(EntitlementEntity).findOneByOrFail({ id: a.entitlementId });
    expect(row).toMatchObject({ status: 'revoked', paymentIntent: 'pi_refund_a' });
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect(row.metadata).toMatchObject({ revocation: { reason: 'refund', eventId: 'evt_refund_a' }, checkoutSessionId: expect.any(String) });
    expect((await ds.getRepository(StripeEventEntity).findOneByOrFail({ eventId: 'evt_refund_a' })).result).toBe('revoked');
    // the other buyer keeps the access they paid for
    expect((await billing.hostAccess(b.user)).hasHostRights).toBe(true);

    expect(await webhooks.handle(refund.payload, refund.signature)).toMatchObject({ duplicate: true, revoked: false });
    const announced = await announcedRevocations(a.user, 1);
    expect(announced).toEqual([{ v: 1, entitlement: expect.objectContaining({ id: a.entitlementId, status: 'revoked' }) }]);
  });

  it('a dispute (charge.dispute.created) revokes a 48-hour pass bought with that payment', async () => {
    const a = await buyer('pass_48h', 'pi_dispute_a');
    const dispute = signedStripeEvent('evt_dispute_a', 'charge.dispute.created', createdDispute('pi_dispute_a'));
    expect(await webhooks.handle(dispute.payload, dispute.signature)).toMatchObject({ eventType: 'charge.dispute.created', revoked: true });
    expect((await billing.hostAccess(a.user)).hasHostRights).toBe(false);
    const row = await ds.getRepository(EntitlementEntity).findOneByOrFail({ id: a.entitlementId });
    expect(row.metadata).toMatchObject({ revocation: { reason: 'dispute', eventId: 'evt_dispute_a' } });
  });

  it('a partial refund keeps the access (recorded, ignored)', async () => {
    const a = await buyer('permanent', 'pi_partial');
    const partial = signedStripeEvent('evt_partial', 'charge.refunded', refundedCharge('pi_partial', { amountRefunded: 300 }));
    expect(await webhooks.handle(partial.payload, partial.signature)).toMatchObject({ duplicate: false, revoked: false });
    expect((await billing.hostAccess(a.user)).hasHostRights).toBe(true);
    expect((await ds.getRepository(StripeEventEntity).findOneByOrFail({ eventId: 'evt_partial' })).result).toBe('ignored');
  });

  it('a refund delivered before the checkout completion: the completion grants and revokes at once', async () => {
    const user = randomUUID();
    const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
    const refund = signedStripeEvent('evt_early_refund', 'charge.refunded', refundedCharge('pi_early'));
    expect(await webhooks.handle(refund.payload, refund.signature)).toMatchObject({ revoked: false });
    expect((await ds.getRepository(StripeEventEntity).findOneByOrFail({ eventId: 'evt_early_refund' })).result).toBe('reversal_recorded');
    const paid = signedEvent('evt_late_paid', { id: s.stripeSessionId, payment_intent: 'pi_early', metadata: { userId: user, tier: 'permanent' } });
    expect(await webhooks.handle(paid.payload, paid.signature)).toMatchObject({ granted: true, revoked: true });
    expect((await billing.hostAccess(user)).hasHostRights).toBe(false);
    expect(await billing.list(user)).toEqual([expect.objectContaining({ status: 'revoked', source: 'stripe' })]);
  });

  it('a completion and a dispute of one payment delivered at the same time never leave the entitlement active', async () => {
    for (let i = 0; i < 5; i++) {
      const user = randomUUID();
      const pi = `pi_race_${i}`;
      const s = await checkout.create({ userId: user, userEmail: '', tier: 'permanent', baseUrl: BASE });
      const paid = signedEvent(`evt_race_paid_${i}`, { id: s.stripeSessionId, payment_intent: pi, metadata: { userId: user, tier: 'permanent' } });
      const dispute = signedStripeEvent(`evt_race_dispute_${i}`, 'charge.dispute.created', createdDispute(pi));
      const [g, d] = await Promise.all([webhooks.handle(paid.payload, paid.signature), webhooks.handle(dispute.payload, dispute.signature)]);
      expect(g.granted).toBe(true);
      expect(g.revoked || d.revoked).toBe(true);
      expect((await billing.hostAccess(user)).hasHostRights).toBe(false);
    }
  });

  it('a forged refund revokes nothing and records nothing', async () => {
    const a = await buyer('permanent', 'pi_forged');
    const forged = signedStripeEvent('evt_forged_refund', 'charge.refunded', refundedCharge('pi_forged'), 'whsec_not_the_secret');
    expect(await rpcErrorOf(webhooks.handle(forged.payload, forged.signature))).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect((await billing.hostAccess(a.user)).hasHostRights).toBe(true);
    expect(await ds.getRepository(StripeEventEntity).countBy({ eventId: 'evt_forged_refund' })).toBe(0);
  });

  it('a refund of a payment nobody bought with (or of a manual grant) changes no entitlement', async () => {
    const user = randomUUID();
    const manual = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'permanent', source: 'manual' });
    const refund = signedStripeEvent('evt_unknown_refund', 'charge.refunded', refundedCharge('pi_unknown'));
    expect(await webhooks.handle(refund.payload, refund.signature)).toMatchObject({ revoked: false });
    expect((await billing.hostAccess(user)).entitlement?.id).toBe(manual.id);
  });
});
