import type { DatabaseConfig } from '@nightfall/server-kit';
import { EntitlementEntity } from './entitlement.entity.js';
import { InitBilling1763700000001 } from './migrations/1763700000001-init-billing.js';

/** TypeORM configuration of the billing schema. */
export function billingDatabase(url: string, schema: string): DatabaseConfig {
  return { url, schema, entities: [EntitlementEntity], migrations: [InitBilling1763700000001] };
}
