import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { NatsClient } from '@nightfall/server-kit';
import { CheckoutService } from '../checkout/checkout.service.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { signedEvent, stripeStandIn, WEBHOOK_SECRET, type StripeStandIn } from '../testing/stripe-stand-in.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { ENTITLEMENT_EVENT_SUBJECTS, type EntitlementEvent } from '@nightfall/contracts';

const BASE = 'http://nightfall.test:8080';

describe('entitlement events on NATS (real PostgreSQL and NATS)', () => {
  let db: BillingTestDatabase;
  let stand: StripeStandIn;
  let devApp: INestApplication;
  let stripeApp: INestApplication;
  let billing: EntitlementsService;
  let got: Array<{ subject: string; event: EntitlementEvent }>;
  let unsubscribe: () => void;

  /** The events received about `userId` as [kind, event], once `count` arrived or after `waitMs` (ms). */
  async function eventsOf(userId: string, count: number, waitMs = 3000): Promise<Array<[string, EntitlementEvent]>> {
    const until = Date.now() + waitMs;
    for (;;) {
      const mine = got.filter((g) => g.event.entitlement.userId === userId).map((g): [string, EntitlementEvent] => [g.subject.replace('billing.entitlement.', ''), g.event]);
      if (mine.length >= count || Date.now() > until) return mine;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  beforeAll(async () => {
    db = await billingTestDatabase();
    stand = await stripeStandIn();
    devApp = await db.start({ NODE_ENV: 'development' });
    stripeApp = await db.start({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stand.base });
    billing = devApp.get(EntitlementsService);
    got = [];
    const nc = await devApp.get(NatsClient).connection();
    const sub = nc.subscribe('billing.entitlement.>', {
      callback: (_err, m) => {
        got.push({ subject: m.subject, event: JSON.parse(m.string()) as EntitlementEvent });
      },
    });
    unsubscribe = () => sub.unsubscribe();
    await nc.flush();
  });
  afterAll(async () => {
    unsubscribe();
    await db.close();
    stand.server.close();
  });

  it('publishes granted and revoked with {v: 1, entitlement}; repeating a revocation publishes nothing', async () => {
    const user = randomUUID();
    const granted = await billing.grant({ userId: user, userEmail: 'ev@example.com', type: 'admin', tier: 'permanent', source: 'manual_grant' });
    const revoked = await billing.revoke(granted.id);
    await billing.revoke(granted.id);
    const events = await eventsOf(user, 2);
    expect(events).toEqual([
      ['granted', { v: 1, entitlement: granted }],
      ['revoked', { v: 1, entitlement: revoked }],
    ]);
    expect(await eventsOf(user, 3, 300)).toHaveLength(2);
    expect(Object.values(ENTITLEMENT_EVENT_SUBJECTS)).toEqual(['billing.entitlement.granted', 'billing.entitlement.revoked']);
  });

  it('publishes granted after a test checkout and after a paid Stripe webhook, once each', async () => {
    const buyer = randomUUID();
    const checkout = devApp.get(CheckoutService);
    const s = await checkout.create({ userId: buyer, userEmail: 'buyer@example.com', tier: 'pass_48h', baseUrl: BASE });
    const done = await checkout.completeTest(s.id, buyer);
    await checkout.completeTest(s.id, buyer); // already fulfilled: nothing granted, nothing published
    expect(await eventsOf(buyer, 2, 500)).toEqual([['granted', { v: 1, entitlement: done.entitlement }]]);

    const payer = randomUUID();
    const paid = await stripeApp.get(CheckoutService).create({ userId: payer, userEmail: 'payer@example.com', tier: 'permanent', baseUrl: BASE });
    const evt = signedEvent('evt_events_1', { id: paid.stripeSessionId, payment_intent: 'pi_ev', metadata: { userId: payer, tier: 'permanent' } });
    const webhooks = stripeApp.get(WebhooksService);
    expect(await webhooks.handle(evt.payload, evt.signature)).toMatchObject({ granted: true });
    expect(await webhooks.handle(evt.payload, evt.signature)).toMatchObject({ duplicate: true });
    const events = await eventsOf(payer, 2, 500);
    expect(events.map(([kind, e]) => [kind, e.entitlement.source, e.entitlement.tier, e.entitlement.userEmail])).toEqual([['granted', 'stripe', 'permanent', 'payer@example.com']]);
  });

  it('never fails the RPC when publishing fails: the error is logged', async () => {
    const nats = devApp.get(NatsClient);
    const logged: string[] = [];
    const original = { publish: nats.publish, error: Logger.prototype.error };
    Logger.prototype.error = function (message: unknown) {
      logged.push(String(message));
    };
    nats.publish = () => {
      throw new Error('NATS is not connected');
    };
    try {
      const user = randomUUID();
      const granted = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'permanent', source: 'manual' });
      expect((await billing.revoke(granted.id)).status).toBe('revoked');
      await new Promise((r) => setTimeout(r, 50));
      expect(logged).toEqual(['could not publish billing.entitlement.granted: NATS is not connected', 'could not publish billing.entitlement.revoked: NATS is not connected']);
      expect(await eventsOf(user, 1, 300)).toEqual([]);
    } finally {
      nats.publish = original.publish;
      Logger.prototype.error = original.error;
    }
  });
});
