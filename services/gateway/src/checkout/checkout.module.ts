import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CheckoutController } from './checkout.controller.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** Host purchase: `/api/checkout/*` (billing creates the checkout) and Stripe's webhook. Exports nothing. */
@Module({ imports: [AuthModule], controllers: [CheckoutController, StripeWebhookController] })
export class CheckoutModule {}
