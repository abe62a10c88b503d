import { Logger } from '@nestjs/common';
import type { BillingEnv } from '../env.js';
import { parseStripeWebhook } from './stripe-payment-provider.js';
import { PaymentProviderError, type HostedCheckout, type HostedCheckoutRequest, type PaymentEvent, type PaymentMode, type PaymentProvider } from './payment-provider.js';

/**
 * The {@link PaymentProvider} without STRIPE_SECRET_KEY. Outside production (`test` mode) a checkout
 * is the local test payment page `/dev/checkout?session=<checkoutId>`, completed by
 * CompleteTestCheckout; in production (`disabled`) checkout is refused. Signed Stripe webhooks are
 * still verified when STRIPE_WEBHOOK_SECRET is set (e.g. `stripe listen` in development).
 */
export class DevelopmentPaymentProvider implements PaymentProvider {
  readonly mode: PaymentMode;

  constructor(private readonly env: BillingEnv) {
    this.mode = env.NODE_ENV === 'production' ? 'disabled' : 'test';
    new Logger('Checkout').warn(
      this.mode === 'disabled'
        ? 'STRIPE_SECRET_KEY is not set and NODE_ENV=production: checkout is disabled'
        : 'STRIPE_SECRET_KEY is not set: development mode, checkout goes to the local test payment page /dev/checkout',
    );
  }

  get webhooksEnabled(): boolean {
    return Boolean(this.env.STRIPE_WEBHOOK_SECRET);
  }

  /**
   * The local test checkout: no provider session, url `/dev/checkout?session=<checkoutId>`.
   * @throws PaymentProviderError in `disabled` mode
   */
  async createCheckout(req: HostedCheckoutRequest): Promise<HostedCheckout> {
    if (this.mode === 'disabled') throw new PaymentProviderError('Payments are not configured');
    return { providerSessionId: null, url: `/dev/checkout?session=${req.checkoutId}` };
  }

  /** Verifies and parses a Stripe webhook with STRIPE_WEBHOOK_SECRET. @throws InvalidWebhookError */
  parseWebhook(payload: Uint8Array, signature: string): PaymentEvent {
    return parseStripeWebhook(payload, signature, this.env.STRIPE_WEBHOOK_SECRET);
  }
}
