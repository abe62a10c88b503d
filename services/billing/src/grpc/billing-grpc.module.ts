import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module.js';
import { EntitlementsModule } from '../entitlements/entitlements.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { BillingController } from './billing.controller.js';

/** The gRPC adapter of the billing service (docs/architecture.md "Feature modules"): the controller only. */
@Module({
  imports: [EntitlementsModule, CheckoutModule, WebhooksModule],
  controllers: [BillingController],
})
export class BillingGrpcModule {}
