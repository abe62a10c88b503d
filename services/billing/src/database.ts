import type { DatabaseConfig } from '@nightfall/server-kit';
import { CheckoutSessionEntity } from './checkout-session.entity.js';
import { EntitlementEntity } from './entitlement.entity.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { InitBilling1763700000001 } from './migrations/1763700000001-init-billing.js';
import { CheckoutAndStripeEvents1764000000001 } from './migrations/1764000000001-checkout-and-stripe-events.js';

/** TypeORM configuration of the billing schema. */
export function billingDatabase(url: string, schema: string): DatabaseConfig {
  return {
    url,
    schema,
    entities: [EntitlementEntity, CheckoutSessionEntity, StripeEventEntity],
    migrations: [InitBilling1763700000001, CheckoutAndStripeEvents1764000000001],
  };
}
