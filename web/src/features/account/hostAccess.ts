/**
 * Host entitlement rules of spec 001 sections 2 and 4, framework-free (unit tested): the status shown for
 * an entitlement (expired when expiresAt is in the past), which entitlement the account screens show,
 * whether host rights are active, the 'Host Pass expires in' countdown text and the dates of the
 * Account Information card.
 */
import dayjs from 'dayjs';
import type { EntitlementDto, MeResponse } from '@nightfall/protocol';

export type HostStatus = 'active' | 'revoked' | 'expired';

/** Entitlement fields the rules read (a subset of {@link EntitlementDto}). */
export type EntitlementLike = Pick<EntitlementDto, 'type' | 'tier' | 'status' | 'createdAt' | 'expiresAt'> & Partial<Pick<EntitlementDto, 'source' | 'id'>>;

/** The user fields the rules read (a subset of {@link MeResponse}). */
export interface MeLike {
  entitlements?: EntitlementLike[] | null;
  hostEntitlement?: EntitlementLike | null;
}

/** Epoch ms of an ISO date, or null when missing or invalid. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** Status to show: revoked stays revoked; expired when marked so or when expiresAt is not in the future. */
export function entitlementStatus(e: EntitlementLike, now = Date.now()): HostStatus {
  if (e.status === 'revoked') return 'revoked';
  if (e.status === 'expired') return 'expired';
  const end = timeOf(e.expiresAt);
  if (end !== null && end <= now) return 'expired';
  return 'active';
}

/** True for an active entitlement that has not expired (the only kind that gives host rights). */
export function isActiveNow(e: EntitlementLike, now = Date.now()): boolean {
  return entitlementStatus(e, now) === 'active';
}

const createdOf = (e: EntitlementLike) => timeOf(e.createdAt) ?? 0;

/**
 * The host entitlement the account screens describe: among active, unexpired host entitlements a permanent
 * tier wins, otherwise the newest by createdAt (spec 001 section 4); with none active, the newest host
 * entitlement (revoked or expired) so its status can be shown; null when the user never had one.
 */
export function pickHostEntitlement<E extends EntitlementLike>(entitlements: readonly E[] | null | undefined, now = Date.now()): E | null {
  const hosts = (entitlements ?? []).filter((e) => e.type === 'host');
  if (hosts.length === 0) return null;
  const newestFirst = [...hosts].sort((a, b) => createdOf(b) - createdOf(a));
  const active = newestFirst.filter((e) => isActiveNow(e, now));
  return active.find((e) => e.tier === 'permanent') ?? active[0] ?? newestFirst[0] ?? null;
}

/**
 * The entitlement shown in the Host Access block: the server's `hostEntitlement` while it is still active,
 * else {@link pickHostEntitlement} over the list.
 */
export function displayedHostEntitlement(me: MeLike | null | undefined, now = Date.now()): EntitlementLike | null {
  if (!me) return null;
  if (me.hostEntitlement && isActiveNow(me.hostEntitlement, now)) return me.hostEntitlement;
  return pickHostEntitlement(me.entitlements, now) ?? me.hostEntitlement ?? null;
}

/** True when the user has an active, unexpired host entitlement (what the payment success page waits for). */
export function hasActiveHostEntitlement(me: MeLike | null | undefined, now = Date.now()): boolean {
  if (!me) return false;
  if (me.hostEntitlement && isActiveNow(me.hostEntitlement, now)) return true;
  return (me.entitlements ?? []).some((e) => e.type === 'host' && isActiveNow(e, now));
}

/** End of a non-permanent pass that is active now (epoch ms), else null (no banner for permanent access). */
export function passExpiry(e: EntitlementLike | null | undefined, now = Date.now()): number | null {
  if (!e || e.tier === 'permanent' || !isActiveNow(e, now)) return null;
  return timeOf(e.expiresAt);
}

/** '{h}h {m}m' of the time left (whole minutes, rounded down), or 'Expired' at zero or below. */
export function formatTimeLeft(ms: number): string {
  if (!(ms > 0)) return 'Expired';
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** The home banner text: 'Host Pass expires in: {h}h {m}m', or 'Expired' at zero. */
export function passBannerText(ms: number): string {
  return ms > 0 ? `Host Pass expires in: ${formatTimeLeft(ms)}` : 'Expired';
}

/**
 * Host Status of the Account Information card (the rule of the admin users list, spec 001 section 2):
 * an active entitlement with no or a future expiry gives 'Active (Permanent)' or 'Active (Pass) - {h}h
 * {m}m left'; with none active, any revoked gives 'Revoked', any expired 'Expired', else 'No Access'.
 */
export function hostStatusText(entitlements: readonly EntitlementLike[] | null | undefined, now = Date.now()): string {
  const hosts = (entitlements ?? []).filter((e) => e.type === 'host');
  const current = pickHostEntitlement(hosts, now);
  if (current && isActiveNow(current, now)) {
    if (current.tier === 'permanent') return 'Active (Permanent)';
    const end = timeOf(current.expiresAt);
    if (end === null) return 'Active (Permanent)';
    const left = end - now;
    return left > 0 ? `Active (Pass) - ${formatTimeLeft(left)} left` : 'Expired';
  }
  if (hosts.some((e) => entitlementStatus(e, now) === 'revoked')) return 'Revoked';
  if (hosts.some((e) => entitlementStatus(e, now) === 'expired')) return 'Expired';
  return 'No Access';
}

/** Label of an entitlement tier. */
export function tierLabel(tier: EntitlementLike['tier']): string {
  return tier === 'permanent' ? 'Permanent' : '48-Hour Pass';
}

const SOURCE_LABELS: Record<string, string> = {
  stripe: 'Card payment',
  manual: 'Manual',
  manual_grant: 'Granted by an admin',
  test: 'Test payment',
};

/** Label of an entitlement source (stripe, manual, manual_grant, test). */
export function sourceLabel(source: string | null | undefined): string {
  if (!source) return 'Unknown';
  return SOURCE_LABELS[source] ?? source;
}

/** 'MMMM d, yyyy' of the spec (e.g. 'January 5, 2025'), or null for a missing or invalid date. */
export function formatLongDate(iso: string | null | undefined): string | null {
  const t = timeOf(iso);
  return t === null ? null : dayjs(t).format('MMMM D, YYYY');
}

/** 'MMM d, yyyy h:mm a' of the spec (e.g. 'Jan 5, 2025 2:03 PM'), or null for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined): string | null {
  const t = timeOf(iso);
  return t === null ? null : dayjs(t).format('MMM D, YYYY h:mm A');
}

/** 'Expires on' and the date for a future expiry, 'Expired on' for a past one; null without expiry. */
export function expiryLine(e: EntitlementLike, now = Date.now()): { label: 'Expires on' | 'Expired on'; date: string } | null {
  const end = timeOf(e.expiresAt);
  if (end === null) return null;
  return { label: end > now ? 'Expires on' : 'Expired on', date: formatDateTime(e.expiresAt) as string };
}
