import {
  displayedHostEntitlement,
  entitlementStatus,
  expiryLine,
  formatDateTime,
  formatLongDate,
  formatTimeLeft,
  hasActiveHostEntitlement,
  hostStatusText,
  passBannerText,
  passExpiry,
  pickHostEntitlement,
  sourceLabel,
  tierLabel,
  type EntitlementLike,
} from './hostAccess';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const H = 3_600_000;
const M = 60_000;
const iso = (t: number) => new Date(t).toISOString();

const ent = (over: Partial<EntitlementLike> = {}): EntitlementLike => ({
  type: 'host',
  tier: 'pass_48h',
  status: 'active',
  source: 'test',
  createdAt: iso(NOW - H),
  expiresAt: iso(NOW + 47 * H),
  ...over,
});

describe('formatTimeLeft / passBannerText', () => {
  it('shows whole hours and minutes, rounded down', () => {
    expect(formatTimeLeft(48 * H)).toBe('48h 0m');
    expect(formatTimeLeft(48 * H - 1000)).toBe('47h 59m');
    expect(formatTimeLeft(2 * H + 5 * M + 59_999)).toBe('2h 5m');
    expect(formatTimeLeft(59_999)).toBe('0h 0m');
  });
  it("is 'Expired' at zero or below (and for NaN)", () => {
    expect(formatTimeLeft(0)).toBe('Expired');
    expect(formatTimeLeft(-5 * M)).toBe('Expired');
    expect(formatTimeLeft(Number.NaN)).toBe('Expired');
  });
  it('builds the home banner text', () => {
    expect(passBannerText(48 * H - 30_000)).toBe('Host Pass expires in: 47h 59m');
    expect(passBannerText(90 * M)).toBe('Host Pass expires in: 1h 30m');
    expect(passBannerText(0)).toBe('Expired');
  });
});

describe('entitlementStatus', () => {
  it('keeps revoked and expired, derives expired from a past expiresAt', () => {
    expect(entitlementStatus(ent(), NOW)).toBe('active');
    expect(entitlementStatus(ent({ status: 'revoked' }), NOW)).toBe('revoked');
    expect(entitlementStatus(ent({ status: 'expired' }), NOW)).toBe('expired');
    expect(entitlementStatus(ent({ expiresAt: iso(NOW - 1) }), NOW)).toBe('expired');
    expect(entitlementStatus(ent({ expiresAt: iso(NOW) }), NOW)).toBe('expired');
    expect(entitlementStatus(ent({ tier: 'permanent', expiresAt: null }), NOW)).toBe('active');
  });
});

describe('pickHostEntitlement', () => {
  it('prefers an active permanent entitlement over a newer pass', () => {
    const perm = ent({ tier: 'permanent', expiresAt: null, createdAt: iso(NOW - 10 * H) });
    const pass = ent({ createdAt: iso(NOW - H) });
    expect(pickHostEntitlement([pass, perm], NOW)).toBe(perm);
  });
  it('otherwise takes the newest active one', () => {
    const older = ent({ createdAt: iso(NOW - 5 * H) });
    const newer = ent({ createdAt: iso(NOW - H) });
    expect(pickHostEntitlement([older, newer], NOW)).toBe(newer);
  });
  it('falls back to the newest inactive one and ignores other types', () => {
    const revoked = ent({ status: 'revoked', createdAt: iso(NOW - 5 * H) });
    const expired = ent({ expiresAt: iso(NOW - H), createdAt: iso(NOW - 50 * H) });
    const admin = ent({ type: 'admin', tier: 'permanent', expiresAt: null });
    expect(pickHostEntitlement([expired, revoked, admin], NOW)).toBe(revoked);
    expect(pickHostEntitlement([admin], NOW)).toBeNull();
    expect(pickHostEntitlement(null, NOW)).toBeNull();
  });
});

describe('displayedHostEntitlement / hasActiveHostEntitlement / passExpiry', () => {
  it("uses the server's hostEntitlement while it is active", () => {
    const host = ent();
    expect(displayedHostEntitlement({ hostEntitlement: host, entitlements: [host] }, NOW)).toBe(host);
    expect(hasActiveHostEntitlement({ hostEntitlement: host, entitlements: [host] }, NOW)).toBe(true);
  });
  it('shows a revoked one from the list when nothing is active', () => {
    const revoked = ent({ status: 'revoked' });
    const me = { hostEntitlement: null, entitlements: [revoked] };
    expect(displayedHostEntitlement(me, NOW)).toBe(revoked);
    expect(hasActiveHostEntitlement(me, NOW)).toBe(false);
  });
  it('treats a pass that ran out as not active even if the server still says active', () => {
    const stale = ent({ expiresAt: iso(NOW - M) });
    expect(hasActiveHostEntitlement({ hostEntitlement: stale, entitlements: [stale] }, NOW)).toBe(false);
    expect(hasActiveHostEntitlement(null, NOW)).toBe(false);
    expect(hasActiveHostEntitlement({ entitlements: [] }, NOW)).toBe(false);
  });
  it('gives the end of an active pass only', () => {
    expect(passExpiry(ent(), NOW)).toBe(NOW + 47 * H);
    expect(passExpiry(ent({ tier: 'permanent', expiresAt: null }), NOW)).toBeNull();
    expect(passExpiry(ent({ status: 'revoked' }), NOW)).toBeNull();
    expect(passExpiry(null, NOW)).toBeNull();
  });
});

describe('hostStatusText (Account Information Host Status)', () => {
  it('describes active permanent access and passes', () => {
    expect(hostStatusText([ent({ tier: 'permanent', expiresAt: null })], NOW)).toBe('Active (Permanent)');
    expect(hostStatusText([ent({ expiresAt: iso(NOW + 47 * H + 59 * M + 30_000) })], NOW)).toBe('Active (Pass) - 47h 59m left');
  });
  it('then Revoked, Expired, No Access', () => {
    expect(hostStatusText([ent({ status: 'revoked' }), ent({ expiresAt: iso(NOW - H) })], NOW)).toBe('Revoked');
    expect(hostStatusText([ent({ expiresAt: iso(NOW - H) })], NOW)).toBe('Expired');
    expect(hostStatusText([], NOW)).toBe('No Access');
    expect(hostStatusText([ent({ type: 'admin' })], NOW)).toBe('No Access');
  });
});

describe('dates', () => {
  const local = new Date(2025, 0, 5, 14, 3, 0).toISOString();
  it("formats Member Since like 'MMMM d, yyyy'", () => {
    expect(formatLongDate(local)).toBe('January 5, 2025');
  });
  it("formats Last Login like 'MMM d, yyyy h:mm a'", () => {
    expect(formatDateTime(local)).toBe('Jan 5, 2025 2:03 PM');
    expect(formatDateTime(new Date(2025, 10, 20, 0, 7).toISOString())).toBe('Nov 20, 2025 12:07 AM');
  });
  it('returns null for missing or invalid dates', () => {
    expect(formatLongDate(null)).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
  it("labels 'Expires on' / 'Expired on'", () => {
    const future = ent({ expiresAt: local });
    expect(expiryLine(future, new Date(2025, 0, 1).getTime())).toEqual({ label: 'Expires on', date: 'Jan 5, 2025 2:03 PM' });
    expect(expiryLine(future, new Date(2025, 0, 6).getTime())).toEqual({ label: 'Expired on', date: 'Jan 5, 2025 2:03 PM' });
    expect(expiryLine(ent({ expiresAt: null }), NOW)).toBeNull();
  });
});

describe('labels', () => {
  it('names tiers and sources', () => {
    expect(tierLabel('permanent')).toBe('Permanent');
    expect(tierLabel('pass_48h')).toBe('48-Hour Pass');
    expect(sourceLabel('test')).toBe('Test payment');
    expect(sourceLabel('stripe')).toBe('Card payment');
    expect(sourceLabel('manual_grant')).toBe('Granted by an admin');
    expect(sourceLabel(undefined)).toBe('Unknown');
  });
});
