import { Module } from '@nestjs/common';
import { BILLING_ENV, type BillingEnv } from '../env.js';
import { DevelopmentPaymentProvider } from './development-payment-provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';

/**
 * Payments feature (docs/architecture.md "Feature modules"): binds {@link PAYMENT_PROVIDER} to the
 * Stripe adapter when STRIPE_SECRET_KEY is set, else to the development provider. Exports the token only.
 */
@Module({
  providers: [
    {
      provide: PAYMENT_PROVIDER,
      inject: [BILLING_ENV],
      useFactory: (env: BillingEnv): PaymentProvider => (env.STRIPE_SECRET_KEY ? new StripePaymentProvider(env) : new DevelopmentPaymentProvider(env)),
    },
  ],
  exports: [PAYMENT_PROVIDER],
})
export class PaymentsModule {}
