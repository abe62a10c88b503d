import type { adminV1, billingV1 } from '@nightfall/contracts';

/** billing's Entitlement -> the console's AdminEntitlement (same fields but updated_at). */
export function toAdminEntitlement(e: billingV1.Entitlement): adminV1.AdminEntitlement {
  return {
    id: e.id,
    userId: e.userId,
    userEmail: e.userEmail,
    type: e.type,
    tier: e.tier,
    status: e.status,
    source: e.source,
    createdAt: e.createdAt,
    expiresAt: e.expiresAt,
    revokedAt: e.revokedAt,
  };
}
