/**
 * Host-rights policy (spec 001 section 4), pure functions of the rows and the clock:
 * only active and unexpired counts; with several, a permanent tier wins, otherwise the newest by createdAt.
 */

/** The fields the policy reads. */
export interface EntitlementLike {
  type: string;
  tier: string;
  status: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Status as shown: 'revoked' if revoked, 'expired' when expiresAt <= now, else 'active'. @param now epoch ms */
export function effectiveStatus(e: EntitlementLike, now: number): 'active' | 'revoked' | 'expired' {
  if (e.status === 'revoked') return 'revoked';
  if (e.expiresAt && e.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

/** The host entitlement that gives rights now, or null. @param now epoch ms */
export function pickHostEntitlement<T extends EntitlementLike>(rows: readonly T[], now: number): T | null {
  const live = rows.filter((e) => e.type === 'host' && effectiveStatus(e, now) === 'active');
  if (live.length === 0) return null;
  const permanent = live.filter((e) => e.tier === 'permanent');
  const pool = permanent.length > 0 ? permanent : live;
  return pool.reduce((a, b) => (b.createdAt.getTime() > a.createdAt.getTime() ? b : a));
}

/** Duration of a 48-hour pass, ms (spec 001 section 9). */
export const PASS_48H_MS = 48 * 3_600_000;
