import type { AdminEntitlementDto, AdminUserDto } from '@nightfall/protocol';
import { adminTierLabel, effectiveStatus, entitlementStatus, formatAdminDate, formatAdminDay, hostBadge, hostBadgeRank, teamColor, teamLabel } from './format';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const H = 3_600_000;
const M = 60_000;
const iso = (t: number) => new Date(t).toISOString();

const entitlement = (over: Partial<AdminEntitlementDto>): AdminEntitlementDto => ({
  id: 'e1',
  userId: 'u1',
  userEmail: 'a@b.c',
  type: 'host',
  tier: 'permanent',
  status: 'active',
  source: 'manual_grant',
  createdAt: iso(NOW - H),
  expiresAt: null,
  revokedAt: null,
  ...over,
});
const row = (hostStatus: AdminUserDto['hostStatus'], hostEntitlement: AdminEntitlementDto | null) => ({ hostStatus, hostEntitlement });

describe('hostBadge (users table Host Status)', () => {
  it("shows 'Active (Permanent)' for a permanent entitlement or one without expiry", () => {
    expect(hostBadge(row('active', entitlement({})), NOW)).toEqual({ text: 'Active (Permanent)', tone: 'success' });
    expect(hostBadge(row('active', entitlement({ tier: 'pass_48h', expiresAt: null })), NOW).text).toBe('Active (Permanent)');
  });
  it("shows 'Active (Pass) - {h}h {m}m left' for a pass with time left", () => {
    const pass = entitlement({ tier: 'pass_48h', expiresAt: iso(NOW + 47 * H + 59 * M + 30_000) });
    expect(hostBadge(row('active', pass), NOW)).toEqual({ text: 'Active (Pass) - 47h 59m left', tone: 'processing' });
    expect(hostBadge(row('active', entitlement({ tier: 'pass_48h', expiresAt: iso(NOW + 5 * M) })), NOW).text).toBe('Active (Pass) - 0h 5m left');
  });
  it("shows 'Expired' for a pass with zero or less remaining", () => {
    expect(hostBadge(row('active', entitlement({ tier: 'pass_48h', expiresAt: iso(NOW) })), NOW)).toEqual({ text: 'Expired', tone: 'warning' });
    expect(hostBadge(row('active', entitlement({ tier: 'pass_48h', expiresAt: iso(NOW - M) })), NOW).text).toBe('Expired');
  });
  it("shows 'Revoked', 'Expired' and 'No Access' from the server's status", () => {
    expect(hostBadge(row('revoked', entitlement({ status: 'revoked' })), NOW)).toEqual({ text: 'Revoked', tone: 'error' });
    expect(hostBadge(row('expired', entitlement({ status: 'expired', tier: 'pass_48h', expiresAt: iso(NOW - H) })), NOW)).toEqual({ text: 'Expired', tone: 'warning' });
    expect(hostBadge(row('none', null), NOW)).toEqual({ text: 'No Access', tone: 'default' });
  });
  it('ranks badges for sorting', () => {
    const ranks = [
      hostBadgeRank(row('active', entitlement({})), NOW),
      hostBadgeRank(row('active', entitlement({ tier: 'pass_48h', expiresAt: iso(NOW + H) })), NOW),
      hostBadgeRank(row('revoked', null), NOW),
      hostBadgeRank(row('expired', null), NOW),
      hostBadgeRank(row('none', null), NOW),
    ];
    expect(ranks).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("formatAdminDate ('MMM dd, yyyy HH:mm')", () => {
  it('formats local dates with two-digit day and 24-hour time', () => {
    expect(formatAdminDate(new Date(2025, 0, 5, 14, 3).toISOString())).toBe('Jan 05, 2025 14:03');
    expect(formatAdminDate(new Date(2025, 10, 20, 0, 7).toISOString())).toBe('Nov 20, 2025 00:07');
    expect(formatAdminDate(new Date(2024, 11, 31, 23, 59).toISOString())).toBe('Dec 31, 2024 23:59');
  });
  it("shows the Created day as 'MMM dd, yyyy'", () => {
    expect(formatAdminDay(new Date(2025, 0, 5, 14, 3).toISOString())).toBe('Jan 05, 2025');
    expect(formatAdminDay('nope')).toBe('-');
  });
  it("shows '-' when missing or invalid", () => {
    expect(formatAdminDate(null)).toBe('-');
    expect(formatAdminDate(undefined)).toBe('-');
    expect(formatAdminDate('')).toBe('-');
    expect(formatAdminDate('not a date')).toBe('-');
  });
});

describe('entitlement labels', () => {
  it('labels statuses and tiers', () => {
    expect(entitlementStatus('active')).toEqual({ text: 'Active', tone: 'success' });
    expect(entitlementStatus('revoked')).toEqual({ text: 'Revoked', tone: 'error' });
    expect(entitlementStatus('expired')).toEqual({ text: 'Expired', tone: 'warning' });
    expect(adminTierLabel('permanent')).toBe('Permanent');
    expect(adminTierLabel('pass_48h')).toBe('48-Hour');
  });
  it('shows an active entitlement past its expiry as expired', () => {
    expect(effectiveStatus({ status: 'active', expiresAt: iso(NOW - 1) }, NOW)).toBe('expired');
    expect(effectiveStatus({ status: 'active', expiresAt: iso(NOW + H) }, NOW)).toBe('active');
    expect(effectiveStatus({ status: 'active', expiresAt: null }, NOW)).toBe('active');
    expect(effectiveStatus({ status: 'revoked', expiresAt: iso(NOW + H) }, NOW)).toBe('revoked');
  });
});

describe('teams of custom roles', () => {
  it('knows villager and werewolf and shows other teams in a third colour', () => {
    expect([teamLabel('villager'), teamColor('villager')]).toEqual(['Villager', 'blue']);
    expect([teamLabel('werewolf'), teamColor('Werewolf')]).toEqual(['Werewolf', 'red']);
    expect([teamLabel('tanner'), teamColor('tanner')]).toEqual(['Tanner', 'purple']);
    expect(teamLabel('  ')).toBe('Unknown Team');
  });
});
