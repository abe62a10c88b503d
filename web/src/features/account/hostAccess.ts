/**
 * Formatting of the host-access facts the server sends in /api/me (spec 001 sections 2 and 9): the time
 * left of a pass, the home banner, the Host Status text, tier and source labels and the dates of the
 * account screens. Which entitlement counts and whether the user has host rights are the server's
 * (`hostEntitlement`, `hasHostRights`): nothing here decides them.
 */
import dayjs from 'dayjs';
import type { EntitlementDto, HostStatus } from '@nightfall/protocol';

/** Epoch ms of an ISO date, or null when missing or invalid. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
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
 * Host Status text of the Account Information card for the server's `hostStatus` and, when active, the
 * entitlement giving the rights: 'Active (Permanent)' (permanent or no expiry), 'Active (Pass) - {h}h {m}m
 * left' ('Expired' once no time is left), 'Revoked', 'Expired', 'No Access'.
 */
export function hostStatusText(status: HostStatus, hostEntitlement: Pick<EntitlementDto, 'tier' | 'expiresAt'> | null, now: number): string {
  switch (status) {
    case 'active': {
      const end = hostEntitlement?.tier === 'permanent' ? null : timeOf(hostEntitlement?.expiresAt);
      if (end === null) return 'Active (Permanent)';
      const left = end - now;
      return left > 0 ? `Active (Pass) - ${formatTimeLeft(left)} left` : 'Expired';
    }
    case 'revoked':
      return 'Revoked';
    case 'expired':
      return 'Expired';
    default:
      return 'No Access';
  }
}

/** Label of an entitlement tier. */
export function tierLabel(tier: EntitlementDto['tier']): string {
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
export function expiryLine(e: Pick<EntitlementDto, 'expiresAt'>, now: number): { label: 'Expires on' | 'Expired on'; date: string } | null {
  const end = timeOf(e.expiresAt);
  if (end === null) return null;
  return { label: end > now ? 'Expires on' : 'Expired on', date: formatDateTime(e.expiresAt) as string };
}
