/**
 * Formatting of the admin screens (spec 001 section 2): the users table's Host Status badge and dates,
 * entitlement and team labels. The statuses are the server's (`hostStatus`, `hostEntitlement`); only the
 * time left of a pass is computed here, on this clock.
 */
import dayjs from 'dayjs';
import type { AdminUserDto, EntitlementDto } from '@nightfall/protocol';
import { t, type MessageKey } from '../../i18n/admin';
import { hostStatusKind, hostStatusText, timeOf, type HostStatusKind } from '../account/hostAccess';

/** 'MMM dd, yyyy HH:mm' of the users table (e.g. 'Jan 05, 2025 14:03'); '-' when missing or invalid. */
export function formatAdminDate(iso: string | null | undefined): string {
  const time = timeOf(iso);
  return time === null ? '-' : dayjs(time).format(t('admin.date.time'));
}

/** 'MMM dd, yyyy' (the Created column, e.g. 'Jan 05, 2025'); '-' when missing or invalid. */
export function formatAdminDay(iso: string | null | undefined): string {
  const time = timeOf(iso);
  return time === null ? '-' : dayjs(time).format(t('admin.date.day'));
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
  const { kind } = hostStatusKind(user.hostStatus, user.hostEntitlement, now);
  return { text: hostStatusText(user.hostStatus, user.hostEntitlement, now), tone: HOST_TONES[kind] };
}

const HOST_TONES: Record<HostStatusKind, BadgeTone> = { permanent: 'success', pass: 'processing', revoked: 'error', expired: 'warning', none: 'default' };
const HOST_RANKS: Record<HostStatusKind, number> = { permanent: 0, pass: 1, revoked: 2, expired: 3, none: 4 };

/** Sort key of a Host Status (active first, then pass, revoked, expired, none). */
export function hostBadgeRank(user: Pick<AdminUserDto, 'hostStatus' | 'hostEntitlement'>, now: number): number {
  return HOST_RANKS[hostStatusKind(user.hostStatus, user.hostEntitlement, now).kind];
}

/** Epoch ms of a date for sorting (missing or invalid dates sort first). */
export function sortTime(iso: string | null | undefined): number {
  return timeOf(iso) ?? -Infinity;
}

const STATUS_LABELS: Record<EntitlementDto['status'], MessageKey> = { active: 'admin.status.active', revoked: 'admin.status.revoked', expired: 'admin.status.expired' };
const STATUS_TONES: Record<EntitlementDto['status'], BadgeTone> = { active: 'success', revoked: 'error', expired: 'warning' };

/** Label and tone of an entitlement status. */
export function entitlementStatus(status: EntitlementDto['status']): HostBadge {
  const label = STATUS_LABELS[status] as MessageKey | undefined;
  return { text: label ? t(label) : status, tone: STATUS_TONES[status] ?? 'default' };
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
  const key = ({ host: 'admin.type.host', admin: 'admin.type.admin', super_admin: 'admin.type.super_admin' } as const satisfies Record<EntitlementDto['type'], MessageKey>)[type] as MessageKey | undefined;
  return key ? t(key) : type;
}

/** Label of a tier in the admin screens (Permanent / 48-Hour). */
export function adminTierLabel(tier: EntitlementDto['tier']): string {
  return tier === 'permanent' ? t('admin.tier.permanent') : t('admin.tier.pass_48h');
}

/** The two known teams of a custom role; any other team is shown in a third colour. */
export const KNOWN_TEAMS = ['villager', 'werewolf'] as const;

/** Label of a custom role's team: 'Villager', 'Werewolf', or the team as written. */
export function teamLabel(team: string): string {
  const name = team.trim();
  if (name.toLowerCase() === 'villager') return t('admin.team.villager');
  if (name.toLowerCase() === 'werewolf') return t('admin.team.werewolf');
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : t('admin.team.unknown');
}

/** Tag colour of a team: villager blue, werewolf red, any other team purple. */
export function teamColor(team: string): 'blue' | 'red' | 'purple' {
  const name = team.trim().toLowerCase();
  if (name === 'villager') return 'blue';
  if (name === 'werewolf') return 'red';
  return 'purple';
}
