import { Logger } from '@nestjs/common';
import { loadBillingEnv } from '../env.js';
import { signedEvent, stripeStandIn, WEBHOOK_SECRET } from '../testing/stripe-stand-in.js';
import { DevelopmentPaymentProvider } from './development-payment-provider.js';
import { InvalidWebhookError, PaymentProviderError, type HostedCheckoutRequest } from './payment-provider.js';
import { StripePaymentProvider, stripeConfig } from './stripe-payment-provider.js';

const env = (o: Record<string, string> = {}) => loadBillingEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/x', NATS_URL: 'nats://127.0.0.1:4222', LOG_LEVEL: 'silent', ...o });
const request: HostedCheckoutRequest = {
  checkoutId: '8a6e0804-2bd0-4672-b79d-d97358571dd0',
  userId: '5a0e2a35-2d3c-4d7e-a0b4-6f5f5b1f3e10',
  userEmail: '',
  tier: 'permanent',
  product: { name: 'Nightfall Host Unlock (Permanent)', amountCents: 999, currency: 'usd' },
  successUrl: 'http://nightfall.test/purchase/success',
  cancelUrl: 'http://nightfall.test/purchase/cancel',
};

describe('payment providers (the PaymentProvider port)', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('parses a paid Checkout Session webhook into a checkout_completed event', () => {
    const provider = new DevelopmentPaymentProvider(env({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
    const evt = signedEvent('evt_1', { id: 'cs_1', payment_intent: 'pi_1', metadata: { userId: request.userId, tier: 'pass_48h' } });
    expect(provider.parseWebhook(evt.payload, evt.signature)).toEqual({
      kind: 'checkout_completed',
      eventId: 'evt_1',
      eventType: 'checkout.session.completed',
      livemode: false,
      providerSessionId: 'cs_1',
      paymentIntent: 'pi_1',
      userId: request.userId,
      tier: 'pass_48h',
      customerEmail: '',
      amountCents: null,
      currency: null,
      checkoutUrl: '',
    });
    const unpaid = signedEvent('evt_2', { id: 'cs_2', payment_status: 'unpaid', client_reference_id: request.userId });
    expect(provider.parseWebhook(unpaid.payload, unpaid.signature)).toEqual({ kind: 'other', eventId: 'evt_2', eventType: 'checkout.session.completed', livemode: false });
  });

  it('refuses a bad signature, and every webhook when no secret is set', () => {
    const evt = signedEvent('evt_3', { id: 'cs_3' }, 'whsec_other');
    expect(() => new DevelopmentPaymentProvider(env({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).parseWebhook(evt.payload, evt.signature)).toThrow(InvalidWebhookError);
    const noSecret = new DevelopmentPaymentProvider(env());
    expect(noSecret.webhooksEnabled).toBe(false);
    expect(() => noSecret.parseWebhook(evt.payload, evt.signature)).toThrow(InvalidWebhookError);
  });

  it('development mode: a local test checkout; production without keys: disabled', async () => {
    const dev = new DevelopmentPaymentProvider(env({ NODE_ENV: 'development' }));
    expect(dev.mode).toBe('test');
    expect(await dev.createCheckout(request)).toEqual({ providerSessionId: null, url: `/dev/checkout?session=${request.checkoutId}` });
    const prod = new DevelopmentPaymentProvider(env({ NODE_ENV: 'production' }));
    expect(prod.mode).toBe('disabled');
    await expect(prod.createCheckout(request)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('Stripe: a hosted Checkout Session from a local Stripe API stand-in; a failing API is a PaymentProviderError', async () => {
    const stand = await stripeStandIn();
    try {
      const stripe = new StripePaymentProvider(env({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_BASE: stand.base }));
      expect(stripe.mode).toBe('stripe');
      const hosted = await stripe.createCheckout(request);
      expect(hosted).toEqual({ providerSessionId: 'cs_test_standin_1', url: 'https://checkout.stripe.com/c/pay/cs_test_standin_1' });
      expect(stand.seen[0]!.form.get('success_url')).toBe('http://nightfall.test/purchase/success?session_id={CHECKOUT_SESSION_ID}');
      stand.setFail(true);
      await expect(stripe.createCheckout(request)).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      stand.server.close();
    }
  });

  it('stripeConfig points the SDK at STRIPE_API_BASE', () => {
    expect(stripeConfig('')).not.toHaveProperty('host');
    expect(stripeConfig('http://127.0.0.1:12111')).toMatchObject({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(stripeConfig('https://stripe.example.com')).toMatchObject({ host: 'stripe.example.com', port: 443, protocol: 'https' });
  });
});
