import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, GrpcStatus, type Clock } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { billingError, BillingErrorCode } from '../billing-error-code.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import { PAYMENT_PROVIDER, type PaymentEvent, type PaymentProvider } from '../payments/payment-provider.js';
import { StripeEventEntity } from './stripe-event.entity.js';

/**
 * Payment webhooks (docs/architecture.md "Feature modules" and "Guarantees"): verified by the payment
 * provider and applied once per event id. The event row (`billing.stripe_events`, primary key
 * event_id) and the grant commit in one transaction, so a replay or a concurrent duplicate does nothing.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly dataSource: DataSource,
    private readonly checkout: CheckoutService,
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
   * (the stored one, else one recorded from metadata {userId, tier}); other events are recorded and ignored.
   * A grant is announced (`billing.entitlement.granted`) after the transaction committed.
   * @param payload the raw request body; `signature` the Stripe-Signature header
   * @returns `duplicate` true for an event id seen before; `granted` true when this event granted the entitlement
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
    const done = await this.dataSource.transaction(async (m): Promise<{ answer: billingV1.HandleStripeWebhookResponse; fulfilment?: billingV1.FulfillmentResponse }> => {
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(StripeEventEntity)
        .values({ eventId: event.eventId, type: event.eventType, livemode: event.livemode, result: 'ignored', checkoutSessionId: null, receivedAt: new Date(this.clock()) })
        .orIgnore()
        .returning('event_id')
        .execute();
      const base = { eventId: event.eventId, eventType: event.eventType };
      if ((inserted.raw as unknown[]).length === 0) return { answer: { ...base, duplicate: true, granted: false } };
      if (event.kind !== 'checkout_completed') return { answer: { ...base, duplicate: false, granted: false } };
      const checkout = await this.checkout.checkoutForPayment(event, m);
      if (!checkout) {
        this.logger.warn(`Stripe event ${event.eventId}: session ${event.providerSessionId} has no checkout and no usable metadata; ignored`);
        return { answer: { ...base, duplicate: false, granted: false } };
      }
      const r = await this.checkout.fulfill(checkout.id, 'stripe', event.paymentIntent, m);
      await m.getRepository(StripeEventEntity).update({ eventId: event.eventId }, { result: r.granted ? 'granted' : 'already_fulfilled', checkoutSessionId: checkout.id });
      return { answer: { ...base, duplicate: false, granted: r.granted }, fulfilment: r };
    });
    if (done.fulfilment) this.checkout.announce(done.fulfilment);
    return done.answer;
  }
}
