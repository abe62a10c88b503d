import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckoutModule } from '../checkout/checkout.module.js';
import { EntitlementsModule } from '../entitlements/entitlements.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks feature (docs/architecture.md "Feature modules"): owns `billing.stripe_events`; verifies
 * through the payment port, fulfils through checkout and revokes refunded or disputed payments' entitlements. Exports {@link WebhooksService} only.
 */
@Module({
  imports: [CheckoutModule, EntitlementsModule, PaymentsModule, TypeOrmModule.forFeature([StripeEventEntity])],
  providers: [WebhooksService],
  exports: [WebhooksService],
})
export class WebhooksModule {}
