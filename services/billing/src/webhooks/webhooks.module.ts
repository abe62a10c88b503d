import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckoutModule } from '../checkout/checkout.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks feature (docs/architecture.md "Feature modules"): owns `billing.stripe_events`; verifies
 * through the payment port and fulfils through checkout. Exports {@link WebhooksService} only.
 */
@Module({
  imports: [CheckoutModule, PaymentsModule, TypeOrmModule.forFeature([StripeEventEntity])],
  providers: [WebhooksService],
  exports: [WebhooksService],
})
export class WebhooksModule {}
