import type { identityV1 } from '@nightfall/contracts';

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
  user: identityV1.User;
}
