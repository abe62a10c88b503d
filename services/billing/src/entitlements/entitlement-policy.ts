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

/** Host Status of an account (spec 001 sections 2 and 4). */
export type HostStatus = 'active' | 'revoked' | 'expired' | 'none';

/**
 * Host Status: 'active' when a host entitlement gives rights now; otherwise 'revoked' when any host
 * entitlement is revoked, else 'expired' when any has expired, else 'none'. @param now epoch ms
 */
export function hostStatus(rows: readonly EntitlementLike[], now: number): HostStatus {
  const host = rows.filter((e) => e.type === 'host');
  if (pickHostEntitlement(host, now)) return 'active';
  const statuses = new Set(host.map((e) => effectiveStatus(e, now)));
  if (statuses.has('revoked')) return 'revoked';
  if (statuses.has('expired')) return 'expired';
  return 'none';
}

/**
 * The host entitlement an account screen describes: the one that gives rights now, else the newest
 * host entitlement (revoked or expired), else null. @param now epoch ms
 */
export function displayedHostEntitlement<T extends EntitlementLike>(rows: readonly T[], now: number): T | null {
  const host = rows.filter((e) => e.type === 'host');
  const pick = pickHostEntitlement(host, now);
  if (pick) return pick;
  return host.reduce<T | null>((a, b) => (a === null || b.createdAt.getTime() > a.createdAt.getTime() ? b : a), null);
}

/** Duration of a 48-hour pass, ms (spec 001 section 9). */
export const PASS_48H_MS = 48 * 3_600_000;

/** Entitlement types in the order {@link activeTypes} lists them. */
export const ENTITLEMENT_TYPES = ['host', 'admin', 'super_admin'] as const;

/**
 * The types (host, admin, super_admin, in that order) for which the rows hold an active entitlement
 * now (not revoked, not expired). @param now epoch ms
 */
export function activeTypes(rows: readonly EntitlementLike[], now: number): string[] {
  const live = new Set(rows.filter((e) => effectiveStatus(e, now) === 'active').map((e) => e.type));
  return ENTITLEMENT_TYPES.filter((t) => live.has(t));
}
