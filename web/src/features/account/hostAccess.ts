/**
 * Formatting of the host-access facts the server sends in /api/me (spec 001 sections 2 and 9): the time
 * left of a pass, the home banner, the Host Status text, tier and source labels. The dates of the account
 * screens are in ./hostDates.ts, which loads dayjs (kept off the home route). Which entitlement counts and
 * whether the user has host rights are the server's (`hostEntitlement`, `hasHostRights`): nothing here
 * decides them.
 */
import type { EntitlementDto, HostStatus } from '@nightfall/protocol';
import { t, type MessageKey } from '../../i18n/t';

/** Epoch ms of an ISO date, or null when missing or invalid. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/** '{h}h {m}m' of the time left (whole minutes, rounded down), or 'Expired' at zero or below. */
export function formatTimeLeft(ms: number): string {
  if (!(ms > 0)) return t('account.expired');
  const minutes = Math.floor(ms / 60_000);
  return t('account.time_left', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The home banner text: 'Host Pass expires in: {h}h {m}m', or 'Expired' at zero. */
export function passBannerText(ms: number): string {
  return ms > 0 ? t('account.pass_banner', { time: formatTimeLeft(ms) }) : t('account.expired');
}

/** What a Host Status says: a permanent or running pass, revoked, expired (a pass with no time left too), none. */
export type HostStatusKind = 'permanent' | 'pass' | 'revoked' | 'expired' | 'none';

/**
 * The kind of Host Status for the server's `hostStatus` and, when active, the entitlement giving the rights
 * (permanent, or no expiry: 'permanent'; a pass with time left on this clock: 'pass', else 'expired'), with
 * the pass's time left (ms, 0 unless 'pass').
 */
export function hostStatusKind(status: HostStatus, hostEntitlement: Pick<EntitlementDto, 'tier' | 'expiresAt'> | null, now: number): { kind: HostStatusKind; left: number } {
  switch (status) {
    case 'active': {
      const end = hostEntitlement?.tier === 'permanent' ? null : timeOf(hostEntitlement?.expiresAt);
      if (end === null) return { kind: 'permanent', left: 0 };
      const left = end - now;
      return left > 0 ? { kind: 'pass', left } : { kind: 'expired', left: 0 };
    }
    case 'revoked':
      return { kind: 'revoked', left: 0 };
    case 'expired':
      return { kind: 'expired', left: 0 };
    default:
      return { kind: 'none', left: 0 };
  }
}

/**
 * Host Status text of the Account Information card for the server's `hostStatus` and, when active, the
 * entitlement giving the rights: 'Active (Permanent)' (permanent or no expiry), 'Active (Pass) - {h}h {m}m
 * left' ('Expired' once no time is left), 'Revoked', 'Expired', 'No Access'.
 */
export function hostStatusText(status: HostStatus, hostEntitlement: Pick<EntitlementDto, 'tier' | 'expiresAt'> | null, now: number): string {
  const { kind, left } = hostStatusKind(status, hostEntitlement, now);
  switch (kind) {
    case 'permanent':
      return t('account.status.permanent');
    case 'pass':
      return t('account.status.pass', { time: formatTimeLeft(left) });
    case 'revoked':
      return t('account.status.revoked');
    case 'expired':
      return t('account.status.expired');
    default:
      return t('account.status.none');
  }
}

/** Label of an entitlement tier. */
export function tierLabel(tier: EntitlementDto['tier']): string {
  return tier === 'permanent' ? t('account.tier.permanent') : t('account.tier.pass_48h');
}

const SOURCE_LABELS: Record<string, MessageKey> = {
  stripe: 'account.source.stripe',
  manual: 'account.source.manual',
  manual_grant: 'account.source.manual_grant',
  test: 'account.source.test',
};

/** Label of an entitlement source (stripe, manual, manual_grant, test). */
export function sourceLabel(source: string | null | undefined): string {
  if (!source) return t('account.source.unknown');
  const key = Object.prototype.hasOwnProperty.call(SOURCE_LABELS, source) ? SOURCE_LABELS[source] : undefined;
  return key ? t(key) : source;
}
