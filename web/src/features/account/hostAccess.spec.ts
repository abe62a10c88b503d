import { formatTimeLeft, hostStatusText, passBannerText, sourceLabel, tierLabel, timeOf } from './hostAccess';
import { expiryLine, formatDateTime, formatLongDate } from './hostDates';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const H = 3_600_000;
const M = 60_000;
const iso = (t: number) => new Date(t).toISOString();

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

describe('hostStatusText (Account Information Host Status, from the server status)', () => {
  it('formats the active entitlement: permanent, or the pass with its time left', () => {
    expect(hostStatusText('active', { tier: 'permanent', expiresAt: null }, NOW)).toBe('Active (Permanent)');
    expect(hostStatusText('active', { tier: 'pass_48h', expiresAt: iso(NOW + 47 * H + 59 * M + 30_000) }, NOW)).toBe('Active (Pass) - 47h 59m left');
    expect(hostStatusText('active', { tier: 'pass_48h', expiresAt: null }, NOW)).toBe('Active (Permanent)');
  });
  it("shows 'Expired' once a pass has no time left on this clock", () => {
    expect(hostStatusText('active', { tier: 'pass_48h', expiresAt: iso(NOW) }, NOW)).toBe('Expired');
  });
  it('names the other statuses', () => {
    expect(hostStatusText('revoked', null, NOW)).toBe('Revoked');
    expect(hostStatusText('expired', null, NOW)).toBe('Expired');
    expect(hostStatusText('none', null, NOW)).toBe('No Access');
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
    const future = { expiresAt: local };
    expect(expiryLine(future, new Date(2025, 0, 1).getTime())).toEqual({ label: 'Expires on', date: 'Jan 5, 2025 2:03 PM' });
    expect(expiryLine(future, new Date(2025, 0, 6).getTime())).toEqual({ label: 'Expired on', date: 'Jan 5, 2025 2:03 PM' });
    expect(expiryLine({ expiresAt: null }, NOW)).toBeNull();
  });
  it('reads ISO dates as epoch ms', () => {
    expect(timeOf(iso(NOW))).toBe(NOW);
    expect(timeOf(null)).toBeNull();
    expect(timeOf('nope')).toBeNull();
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
