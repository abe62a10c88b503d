import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntitlementsModule } from '../entitlements/entitlements.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { CheckoutSessionEntity } from './checkout-session.entity.js';
import { CheckoutService } from './checkout.service.js';

/**
 * Checkout feature (docs/architecture.md "Feature modules"): owns `billing.checkout_sessions`; opens
 * checkouts through the payment port and grants through entitlements. Exports {@link CheckoutService} only.
 */
@Module({
  imports: [EntitlementsModule, PaymentsModule, TypeOrmModule.forFeature([CheckoutSessionEntity])],
  providers: [CheckoutService],
  exports: [CheckoutService],
})
export class CheckoutModule {}
