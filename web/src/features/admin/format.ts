/**
 * Formatting of the admin screens (spec 001 section 2): the users table's Host Status badge and dates,
 * entitlement and team labels. The statuses are the server's (`hostStatus`, `hostEntitlement`); only the
 * time left of a pass is computed here, on this clock.
 */
import dayjs from 'dayjs';
import type { AdminUserDto, EntitlementDto } from '@nightfall/protocol';
import { hostStatusText, timeOf } from '../account/hostAccess';

/** 'MMM dd, yyyy HH:mm' of the users table (e.g. 'Jan 05, 2025 14:03'); '-' when missing or invalid. */
export function formatAdminDate(iso: string | null | undefined): string {
  const t = timeOf(iso);
  return t === null ? '-' : dayjs(t).format('MMM DD, YYYY HH:mm');
}

/** 'MMM dd, yyyy' (the Created column, e.g. 'Jan 05, 2025'); '-' when missing or invalid. */
export function formatAdminDay(iso: string | null | undefined): string {
  const t = timeOf(iso);
  return t === null ? '-' : dayjs(t).format('MMM DD, YYYY');
}

/** Colour names of antd's Badge/Tag for a badge tone. */
export type BadgeTone = 'success' | 'processing' | 'error' | 'warning' | 'default';

/** A Host Status badge: its text and tone. */
export interface HostBadge {
  text: string;
  tone: BadgeTone;
}

/**
 * The Host Status badge of a users-table row: 'Active (Permanent)', 'Active (Pass) - {h}h {m}m left',
 * 'Revoked', 'Expired' or 'No Access'. A pass with zero or less remaining shows 'Expired'.
 */
export function hostBadge(user: Pick<AdminUserDto, 'hostStatus' | 'hostEntitlement'>, now: number): HostBadge {
  const text = hostStatusText(user.hostStatus, user.hostEntitlement, now);
  if (text.startsWith('Active (Permanent)')) return { text, tone: 'success' };
  if (text.startsWith('Active (Pass)')) return { text, tone: 'processing' };
  if (text === 'Revoked') return { text, tone: 'error' };
  if (text === 'Expired') return { text, tone: 'warning' };
  return { text, tone: 'default' };
}

/** Sort key of a Host Status (active first, then pass, revoked, expired, none). */
export function hostBadgeRank(user: Pick<AdminUserDto, 'hostStatus' | 'hostEntitlement'>, now: number): number {
  const { text } = hostBadge(user, now);
  if (text.startsWith('Active (Permanent)')) return 0;
  if (text.startsWith('Active (Pass)')) return 1;
  return { Revoked: 2, Expired: 3 }[text] ?? 4;
}

/** Epoch ms of a date for sorting (missing or invalid dates sort first). */
export function sortTime(iso: string | null | undefined): number {
  return timeOf(iso) ?? -Infinity;
}

const STATUS_LABELS: Record<EntitlementDto['status'], string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };
const STATUS_TONES: Record<EntitlementDto['status'], BadgeTone> = { active: 'success', revoked: 'error', expired: 'warning' };

/** Label and tone of an entitlement status. */
export function entitlementStatus(status: EntitlementDto['status']): HostBadge {
  return { text: STATUS_LABELS[status] ?? status, tone: STATUS_TONES[status] ?? 'default' };
}

/**
 * The status an admin sees for an entitlement: 'expired' once an active one's expiresAt has passed (spec
 * 001 section 4: expired is derived when expiresAt has passed), else the stored status.
 */
export function effectiveStatus(e: Pick<EntitlementDto, 'status' | 'expiresAt'>, now: number): EntitlementDto['status'] {
  if (e.status !== 'active') return e.status;
  const end = timeOf(e.expiresAt);
  return end !== null && end <= now ? 'expired' : 'active';
}

/** Label of an entitlement type. */
export function typeLabel(type: EntitlementDto['type']): string {
  return { host: 'Host', admin: 'Admin', super_admin: 'Super Admin' }[type] ?? type;
}

/** Label of a tier in the admin screens (Permanent / 48-Hour). */
export function adminTierLabel(tier: EntitlementDto['tier']): string {
  return tier === 'permanent' ? 'Permanent' : '48-Hour';
}

/** The two known teams of a custom role; any other team is shown in a third colour. */
export const KNOWN_TEAMS = ['villager', 'werewolf'] as const;

/** Label of a custom role's team: 'Villager', 'Werewolf', or the team as written. */
export function teamLabel(team: string): string {
  const t = team.trim();
  if (t.toLowerCase() === 'villager') return 'Villager';
  if (t.toLowerCase() === 'werewolf') return 'Werewolf';
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : 'Unknown Team';
}

/** Tag colour of a team: villager blue, werewolf red, any other team purple. */
export function teamColor(team: string): 'blue' | 'red' | 'purple' {
  const t = team.trim().toLowerCase();
  if (t === 'villager') return 'blue';
  if (t === 'werewolf') return 'red';
  return 'purple';
}
