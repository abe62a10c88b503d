import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { BillingEnv } from '../env.js';
import {
  InvalidWebhookError,
  PaymentProviderError,
  type HostedCheckout,
  type HostedCheckoutRequest,
  type PaymentEvent,
  type PaymentMode,
  type PaymentProvider,
} from './payment-provider.js';

/** Stripe event types that mean "this Checkout Session may be paid now". */
const COMPLETED_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Stripe SDK options (timeout 4000 ms, no retries) with the API location from STRIPE_API_BASE (host,
 * port, protocol), for stripe-mock or a test stand-in; '' keeps api.stripe.com.
 */
export function stripeConfig(apiBase: string): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { timeout: 4000, maxNetworkRetries: 0, appInfo: { name: 'Nightfall' } };
  if (!apiBase) return config;
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { ...config, host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Verifies a Stripe webhook (`webhooks.constructEvent`: HMAC-SHA256 over the raw payload, 300 s
 * tolerance) and maps it to a {@link PaymentEvent}: `checkout.session.completed` and
 * `checkout.session.async_payment_succeeded` with payment_status `paid` are `checkout_completed`;
 * `charge.refunded` of a fully refunded charge (`refunded: true`) and `charge.dispute.created` with a
 * payment intent are `payment_reversed` (docs/architecture.md "Payments: refunds and disputes");
 * everything else is `other`. Also used by the development provider (the one place `stripe` is imported).
 * @param secret STRIPE_WEBHOOK_SECRET ('' = webhooks disabled)
 * @throws InvalidWebhookError on a missing, bad or stale signature, or an empty secret
 */
export function parseStripeWebhook(payload: Uint8Array, signature: string, secret: string, client?: Stripe): PaymentEvent {
  if (!secret) throw new InvalidWebhookError('Stripe webhooks are not configured');
  let event: Stripe.Event;
  try {
    event = (client?.webhooks ?? Stripe.webhooks).constructEvent(Buffer.from(payload), signature, secret);
  } catch (err) {
    throw new InvalidWebhookError(err instanceof Error ? err.message : String(err));
  }
  const base = { eventId: event.id, eventType: event.type, livemode: Boolean(event.livemode) };
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    // a partial refund (a goodwill discount) keeps the purchase; only a full refund takes it back
    const pi = idOf(charge.payment_intent);
    if (!charge.refunded || !pi) return { kind: 'other', ...base };
    return { kind: 'payment_reversed', ...base, reason: 'refund', paymentIntent: pi, chargeId: charge.id ?? '' };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    const pi = idOf(dispute.payment_intent);
    if (!pi) return { kind: 'other', ...base };
    return { kind: 'payment_reversed', ...base, reason: 'dispute', paymentIntent: pi, chargeId: idOf(dispute.charge) ?? '' };
  }
  if (!COMPLETED_EVENTS.has(event.type)) return { kind: 'other', ...base };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return { kind: 'other', ...base };
  const pi = session.payment_intent;
  return {
    kind: 'checkout_completed',
    ...base,
    providerSessionId: session.id,
    paymentIntent: !pi ? null : typeof pi === 'string' ? pi : pi.id,
    userId: session.metadata?.userId ?? session.client_reference_id ?? null,
    tier: session.metadata?.tier ?? null,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? '',
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    checkoutUrl: session.url ?? '',
  };
}

/** The id of an expandable Stripe field: the string itself, the expanded object's id, or null. */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

/**
 * The Stripe adapter of {@link PaymentProvider} (STRIPE_SECRET_KEY set): Stripe Checkout Sessions in
 * `payment` mode and signed Stripe webhooks. The only file that imports the Stripe SDK.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode: PaymentMode = 'stripe';
  private readonly logger = new Logger('Stripe');
  private readonly stripe: Stripe;

  constructor(private readonly env: BillingEnv) {
    this.stripe = new Stripe(env.STRIPE_SECRET_KEY, stripeConfig(env.STRIPE_API_BASE));
  }

  get webhooksEnabled(): boolean {
    return Boolean(this.env.STRIPE_WEBHOOK_SECRET);
  }

  /**
   * Creates a Checkout Session: one line item, STRIPE_PRICE_HOST / STRIPE_PRICE_HOST_PASS when set,
   * else price_data from the product; success_url `<successUrl>?session_id={CHECKOUT_SESSION_ID}`;
   * client_reference_id = user id; metadata {userId, tier, checkoutId} on the session and the payment
   * intent; idempotency key `checkout-<checkoutId>`.
   * @throws PaymentProviderError when the Stripe API fails or cannot be reached (timeout 4000 ms)
   */
  async createCheckout(req: HostedCheckoutRequest): Promise<HostedCheckout> {
    const { checkoutId, userId, userEmail, tier, product } = req;
    const price = tier === 'permanent' ? this.env.STRIPE_PRICE_HOST : this.env.STRIPE_PRICE_HOST_PASS;
    const metadata = { userId, tier, checkoutId };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            price
              ? { price, quantity: 1 }
              : { price_data: { currency: product.currency, unit_amount: product.amountCents, product_data: { name: product.name } }, quantity: 1 },
          ],
          success_url: `${req.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: req.cancelUrl,
          client_reference_id: userId,
          ...(userEmail ? { customer_email: userEmail } : {}),
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: `checkout-${checkoutId}` },
      );
      return { providerSessionId: session.id, url: session.url ?? '' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.logger.error(`Stripe checkout.sessions.create failed: ${message}`);
      throw new PaymentProviderError(message);
    }
  }

  /** Verifies and parses a Stripe webhook (see {@link parseStripeWebhook}). @throws InvalidWebhookError */
  parseWebhook(payload: Uint8Array, signature: string): PaymentEvent {
    return parseStripeWebhook(payload, signature, this.env.STRIPE_WEBHOOK_SECRET, this.stripe);
  }
}
