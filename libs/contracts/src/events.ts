/**
 * Event contracts on NATS (docs/architecture.md "Services"): subjects and versioned payloads that
 * identity and billing publish and other services (admin) may consume. Payloads carry the proto
 * messages in their JSON form.
 */
import type { User } from './gen/nightfall/identity/v1/identity.js';
import type { Entitlement } from './gen/nightfall/billing/v1/billing.js';
/**
 * NATS subjects of the identity service's user events (docs/architecture.md "Services": typed
 * payloads with a version). Published after the change is committed, at most once per change, best
 * effort: a NATS outage loses the event but never fails the RPC, so a subscriber that must not miss
 * a change re-reads the user over gRPC (GetUser / GetUsers).
 */
export const USER_EVENT_SUBJECTS = {
  /** A user row was created: password or magic-link sign-up, EnsureUser, and guests (`user.isGuest`). */
  created: 'identity.user.created',
  /** A user's profile (display name) or last login (password or magic-link sign-in) changed. */
  updated: 'identity.user.updated',
  /**
   * The user followed a magic link sent to their e-mail for the first time (`user.emailVerified`
   * became true). Published once per user, after `created` when the link created the account.
   */
  verified: 'identity.user.verified',
  /**
   * A guest was deleted with their sessions (DeleteGuest: the gateway's undo of a guest made for a room join
   * the game refused). The user is as it was just before; signed-up users are never deleted.
   */
  deleted: 'identity.user.deleted',
} as const;

/** What happened to the user: a key of {@link USER_EVENT_SUBJECTS}. */
export type UserEventKind = keyof typeof USER_EVENT_SUBJECTS;

/**
 * Payload of every user event, JSON: `{v: 1, user}`, where `user` is the proto `User` in its JSON
 * form (lowerCamelCase field names: id, email, displayName, isGuest, createdAt, lastLoginAt,
 * preferredThemeId, emailVerified; times ISO-8601 UTC, '' when unset) as of the commit.
 */
export interface UserEvent {
  v: 1;
  user: User;
}

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
  entitlement: Entitlement;
}
