import type { EntitlementTier } from '../entitlements/entitlement.entity.js';
import type { Product } from '../payments/payment-provider.js';

/** What can be bought (spec 001 sections 1 and 9): the permanent host unlock ($9.99) and the 48-hour pass ($1.99). */
export const PRODUCTS: Record<EntitlementTier, Product> = {
  permanent: { name: 'Nightfall Host Unlock (Permanent)', amountCents: 999, currency: 'usd' },
  pass_48h: { name: 'Nightfall 48-Hour Host Pass', amountCents: 199, currency: 'usd' },
};
