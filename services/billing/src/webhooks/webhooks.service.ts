import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CLOCK, GrpcStatus, type Clock } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { billingError, BillingErrorCode } from '../billing-error-code.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import type { EntitlementEntity } from '../entitlements/entitlement.entity.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { PAYMENT_PROVIDER, type PaymentEvent, type PaymentProvider, type PaymentReversedEvent } from '../payments/payment-provider.js';
import { StripeEventEntity } from './stripe-event.entity.js';

/**
 * Payment webhooks (docs/architecture.md "Feature modules" and "Guarantees"): verified by the payment
 * provider and applied once per event id. The event row (`billing.stripe_events`, primary key
 * event_id) and the grant or revocation commit in one transaction, so a replay or a concurrent duplicate
 * does nothing.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly dataSource: DataSource,
    private readonly checkout: CheckoutService,
    private readonly entitlements: EntitlementsService,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Whether webhooks are accepted (STRIPE_WEBHOOK_SECRET set). */
  get enabled(): boolean {
    return this.payments.webhooksEnabled;
  }

  /**
   * Verifies a Stripe webhook and applies it once per event id. Every verified event is recorded;
   * a paid `checkout.session.completed` / `checkout.session.async_payment_succeeded` fulfils its checkout
   * (the stored one, else one recorded from metadata {userId, tier}); a full refund (`charge.refunded`) or a
   * dispute (`charge.dispute.created`) revokes the entitlement its payment intent granted, and a checkout
   * completed after its payment's reversal was recorded is revoked at once (docs/architecture.md
   * "Payments: refunds and disputes"); other events are recorded and ignored. Grants and revocations are
   * announced (`billing.entitlement.granted` / `.revoked`) after the transaction committed.
   * @param payload the raw request body; `signature` the Stripe-Signature header
   * @returns `duplicate` true for an event id seen before; `granted` true when this event granted the
   *   entitlement; `revoked` true when it revoked one
   * @throws FAILED_PRECONDITION `WEBHOOKS_DISABLED` when STRIPE_WEBHOOK_SECRET is unset;
   *   INVALID_ARGUMENT `INVALID_SIGNATURE` for a bad or missing signature (nothing is recorded)
   */
  async handle(payload: Uint8Array, signature: string): Promise<billingV1.HandleStripeWebhookResponse> {
    if (!this.enabled) {
      throw billingError(GrpcStatus.FAILED_PRECONDITION, BillingErrorCode.WEBHOOKS_DISABLED, 'Stripe webhooks are not configured');
    }
    let event: PaymentEvent;
    try {
      event = this.payments.parseWebhook(payload, signature);
    } catch (err) {
      this.logger.warn(`rejected a Stripe webhook: ${err instanceof Error ? err.message : String(err)}`);
      throw billingError(GrpcStatus.INVALID_ARGUMENT, BillingErrorCode.INVALID_SIGNATURE, 'Invalid webhook signature');
    }
    const done = await this.dataSource.transaction(async (m): Promise<Applied> => {
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(StripeEventEntity)
        .values({ eventId: event.eventId, type: event.eventType, livemode: event.livemode, result: 'ignored', checkoutSessionId: null, paymentIntent: null, receivedAt: new Date(this.clock()) })
        .orIgnore()
        .returning('event_id')
        .execute();
      const base = { eventId: event.eventId, eventType: event.eventType, duplicate: false, granted: false, revoked: false };
      if ((inserted.raw as unknown[]).length === 0) return { answer: { ...base, duplicate: true }, revoked: [] };
      if (event.kind === 'payment_reversed') return this.reverse(event, m);
      if (event.kind !== 'checkout_completed') return { answer: base, revoked: [] };
      if (event.paymentIntent) await lockPayment(m, event.paymentIntent);
      const checkout = await this.checkout.checkoutForPayment(event, m);
      if (!checkout) {
        this.logger.warn(`Stripe event ${event.eventId}: session ${event.providerSessionId} has no checkout and no usable metadata; ignored`);
        return { answer: base, revoked: [] };
      }
      const r = await this.checkout.fulfill(checkout.id, 'stripe', event.paymentIntent, m);
      await m.getRepository(StripeEventEntity).update({ eventId: event.eventId }, { result: r.granted ? 'granted' : 'already_fulfilled', checkoutSessionId: checkout.id });
      // Stripe does not order deliveries: the refund or dispute of this payment may have come first
      const reversal = r.granted && event.paymentIntent ? await this.recordedReversal(event.paymentIntent, m) : null;
      const revoked = reversal ? await this.entitlements.revokeByPaymentIntent(event.paymentIntent!, reversal, m) : [];
      return { answer: { ...base, granted: r.granted, revoked: revoked.length > 0 }, fulfilment: r, revoked };
    });
    if (done.fulfilment) this.checkout.announce(done.fulfilment);
    for (const row of done.revoked) this.entitlements.announce('revoked', this.entitlements.toDto(row));
    return done.answer;
  }

  /**
   * A refund or dispute inside the webhook's transaction: revokes what the payment granted and records the
   * reversal with its payment intent (result `revoked`, or `reversal_recorded` when nothing is granted yet).
   */
  private async reverse(event: PaymentReversedEvent, m: EntityManager): Promise<Applied> {
    await lockPayment(m, event.paymentIntent);
    const revoked = await this.entitlements.revokeByPaymentIntent(event.paymentIntent, { reason: event.reason, eventId: event.eventId }, m);
    await m
      .getRepository(StripeEventEntity)
      .update({ eventId: event.eventId }, { result: revoked.length > 0 ? 'revoked' : 'reversal_recorded', paymentIntent: event.paymentIntent });
    if (revoked.length > 0) this.logger.log(`Stripe ${event.eventType} ${event.eventId}: revoked ${revoked.map((e) => e.id).join(', ')} (payment ${event.paymentIntent})`);
    else this.logger.warn(`Stripe ${event.eventType} ${event.eventId}: no active entitlement for payment ${event.paymentIntent} yet; recorded`);
    return { answer: { eventId: event.eventId, eventType: event.eventType, duplicate: false, granted: false, revoked: revoked.length > 0 }, revoked };
  }

  /** The first recorded refund or dispute of a payment intent, as the reason for revoking, or null. */
  private async recordedReversal(paymentIntent: string, m: EntityManager): Promise<{ reason: 'refund' | 'dispute'; eventId: string } | null> {
    const row = await m
      .getRepository(StripeEventEntity)
      .createQueryBuilder('e')
      .where('e.payment_intent = :paymentIntent', { paymentIntent })
      .andWhere('e.result IN (:...results)', { results: ['revoked', 'reversal_recorded'] })
      .orderBy('e.received_at', 'ASC')
      .getOne();
    if (!row) return null;
    return { reason: row.type === 'charge.dispute.created' ? 'dispute' : 'refund', eventId: row.eventId };
  }
}

/** What one webhook did inside its transaction, announced after the commit. */
interface Applied {
  answer: billingV1.HandleStripeWebhookResponse;
  fulfilment?: billingV1.FulfillmentResponse;
  revoked: EntitlementEntity[];
}

/**
 * Serialises, until the transaction ends, every webhook about one payment intent (a transaction-scoped
 * advisory lock): a checkout completion and a reversal of the same payment delivered at once cannot
 * both miss each other (docs/architecture.md "Payments: refunds and disputes").
 */
async function lockPayment(m: EntityManager, paymentIntent: string): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`billing.payment:${paymentIntent}`]);
}
