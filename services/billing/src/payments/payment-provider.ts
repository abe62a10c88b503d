import type { EntitlementTier } from '../entitlements/entitlement.entity.js';

/**
 * The payment port of billing (docs/architecture.md "Feature modules"): checkout and webhooks talk to
 * a {@link PaymentProvider}, never to a payment SDK. `StripePaymentProvider` is the production
 * adapter; `DevelopmentPaymentProvider` runs without STRIPE_SECRET_KEY.
 */

/**
 * How checkout runs: `stripe` with STRIPE_SECRET_KEY; `test` (the local test payment page) without one
 * outside production; `disabled` in production without one.
 */
export type PaymentMode = 'stripe' | 'test' | 'disabled';

/** Something that can be bought (spec 001 sections 1 and 9). */
export interface Product {
  name: string;
  /** Price in the currency's smallest unit (cents). */
  amountCents: number;
  /** ISO 4217 code, lower case ('usd'). */
  currency: string;
}

/** A hosted checkout to open for one stored checkout row. */
export interface HostedCheckoutRequest {
  /** Our checkout id (uuid): idempotency key and metadata of the provider session. */
  checkoutId: string;
  userId: string;
  /** Pre-filled on the payment page when not ''. */
  userEmail: string;
  tier: EntitlementTier;
  product: Product;
  /** Where the buyer returns after paying, e.g. `<base>/purchase/success` (the provider may add its session id). */
  successUrl: string;
  /** Where the buyer returns after cancelling, e.g. `<base>/purchase/cancel`. */
  cancelUrl: string;
}

/** A hosted checkout the buyer is sent to. */
export interface HostedCheckout {
  /** The provider's session id (Stripe `cs_...`); null for the local test checkout. */
  providerSessionId: string | null;
  /** Absolute payment page URL, or the site-relative test page; '' when the provider gave none. */
  url: string;
}

/** What every verified webhook event carries. */
interface PaymentEventBase {
  /** The provider's event id: webhooks are applied once per event id. */
  eventId: string;
  /** The provider's event type, e.g. `checkout.session.completed`. */
  eventType: string;
  livemode: boolean;
}

/**
 * A hosted checkout was paid: fulfil it. The stored checkout is found by `providerSessionId`; when
 * none exists, one is recorded from `userId` and `tier` (the session's metadata, unvalidated here).
 */
export interface CheckoutCompletedEvent extends PaymentEventBase {
  kind: 'checkout_completed';
  providerSessionId: string;
  /** The payment intent id (`pi_...`), or null. */
  paymentIntent: string | null;
  /** The buyer: metadata.userId, else the client reference id; null when absent. */
  userId: string | null;
  /** metadata.tier, or null. */
  tier: string | null;
  /** The buyer's e-mail as the provider knows it, or ''. */
  customerEmail: string;
  /** Amount paid in cents, or null when the provider did not say. */
  amountCents: number | null;
  currency: string | null;
  /** The hosted payment page URL, or ''. */
  checkoutUrl: string;
}

/**
 * A payment was taken back: `refund` for `charge.refunded` with the charge fully refunded, `dispute` for
 * `charge.dispute.created`. The entitlement the payment granted is revoked (docs/architecture.md
 * "Payments: refunds and disputes").
 */
export interface PaymentReversedEvent extends PaymentEventBase {
  kind: 'payment_reversed';
  reason: 'refund' | 'dispute';
  /** The payment intent of the charge (`pi_...`): the key of the entitlement it granted. */
  paymentIntent: string;
  /** The charge id (`ch_...`), or '' when the provider did not say. */
  chargeId: string;
}

/**
 * Any other verified event (another type, a checkout that is not paid yet, a partial refund, a reversal
 * without a payment intent): recorded and ignored.
 */
export interface OtherPaymentEvent extends PaymentEventBase {
  kind: 'other';
}

/** A verified webhook event, in domain terms. */
export type PaymentEvent = CheckoutCompletedEvent | PaymentReversedEvent | OtherPaymentEvent;

/** The provider could not open a checkout (unreachable, refused, timed out). Nothing was stored. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
}

/** A webhook payload whose signature does not verify (or webhooks are not configured). */
export class InvalidWebhookError extends Error {
  override readonly name = 'InvalidWebhookError';
}

/** A payment provider: opens hosted checkouts and verifies webhooks. */
export interface PaymentProvider {
  /** How checkout runs with this provider. */
  readonly mode: PaymentMode;
  /** Whether webhooks can be verified (STRIPE_WEBHOOK_SECRET set). */
  readonly webhooksEnabled: boolean;
  /**
   * Opens a hosted checkout for a product.
   * @throws PaymentProviderError when the provider fails
   */
  createCheckout(req: HostedCheckoutRequest): Promise<HostedCheckout>;
  /**
   * Verifies a webhook's signature over the raw payload and parses it.
   * @param payload the raw request body, byte for byte
   * @param signature the provider's signature header (Stripe-Signature)
   * @throws InvalidWebhookError on a missing or bad signature, or when webhooks are not configured
   */
  parseWebhook(payload: Uint8Array, signature: string): PaymentEvent;
}

/** Injection token of the {@link PaymentProvider}. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
