import type { billingV1 } from '@nightfall/contracts';

/**
 * NATS subjects of the billing service's entitlement events (docs/architecture.md "Services": typed
 * payloads with a version). Published after the change is committed, once per change, best effort: a
 * NATS outage loses the event but never fails the RPC, so a subscriber that must not miss a change
 * re-reads over gRPC (ListEntitlements, GetHostAccessMany).
 */
export const ENTITLEMENT_EVENT_SUBJECTS = {
  /** An entitlement was granted: GrantEntitlement (host, admin, super_admin), a paid Stripe checkout, a test checkout. */
  granted: 'billing.entitlement.granted',
  /** An active entitlement was revoked (RevokeEntitlement; repeating it publishes nothing). */
  revoked: 'billing.entitlement.revoked',
} as const;

/** What happened to the entitlement: a key of {@link ENTITLEMENT_EVENT_SUBJECTS}. */
export type EntitlementEventKind = keyof typeof ENTITLEMENT_EVENT_SUBJECTS;

/**
 * Payload of every entitlement event, JSON: `{v: 1, entitlement}`, where `entitlement` is the proto
 * `Entitlement` in its JSON form (lowerCamelCase: id, userId, userEmail, type, tier, status, source,
 * createdAt, updatedAt, expiresAt, revokedAt; times ISO-8601 UTC, '' when unset; status derived at
 * publication) as of the commit.
 */
export interface EntitlementEvent {
  v: 1;
  entitlement: billingV1.Entitlement;
}
