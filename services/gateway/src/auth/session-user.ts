import type { identityV1 } from '@nightfall/contracts';

/** The authenticated caller, always taken from the session (docs/architecture.md "Guarantees"). */
export interface SessionUser {
  userId: string;
  sessionId: string;
  displayName: string;
  isGuest: boolean;
  email: string | null;
  /** When the session token expires, ms since the epoch (null when unknown: a session just created). */
  expiresAt?: number | null;
}

/** Maps identity's User to the SessionUser of a request. */
export function toSessionUser(user: identityV1.User, sessionId: string): SessionUser {
  return { userId: user.id, sessionId, displayName: user.displayName, isGuest: user.isGuest, email: user.email || null };
}
