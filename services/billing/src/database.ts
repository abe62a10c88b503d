import type { DatabaseConfig } from '@nightfall/server-kit';
import { CheckoutSessionEntity } from './checkout/checkout-session.entity.js';
import { EntitlementEntity } from './entitlements/entitlement.entity.js';
import { StripeEventEntity } from './webhooks/stripe-event.entity.js';
import { InitBilling1763700000001 } from './migrations/1763700000001-init-billing.js';
import { CheckoutAndStripeEvents1764000000001 } from './migrations/1764000000001-checkout-and-stripe-events.js';
import { EntitlementSearch1765000000001 } from './migrations/1765000000001-entitlement-search.js';
import { PaymentReversals1766000000001 } from './migrations/1766000000001-payment-reversals.js';

/** TypeORM configuration of the billing schema: the entities of every feature and the migrations. */
export function billingDatabase(url: string, schema: string): DatabaseConfig {
  return {
    url,
    schema,
    entities: [EntitlementEntity, CheckoutSessionEntity, StripeEventEntity],
    migrations: [InitBilling1763700000001, CheckoutAndStripeEvents1764000000001, EntitlementSearch1765000000001, PaymentReversals1766000000001],
  };
}
