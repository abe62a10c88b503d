import type { EntitlementDto } from '@nightfall/protocol';
import { displayedHostEntitlementOf, hostStatusOf } from './hostFacts';

const ent = (over: Partial<EntitlementDto>): EntitlementDto => ({
  id: 'e',
  type: 'host',
  tier: 'pass_48h',
  status: 'active',
  source: 'test',
  createdAt: '2025-06-01T10:00:00.000Z',
  expiresAt: '2025-06-03T10:00:00.000Z',
  revokedAt: null,
  ...over,
});
const me = (over: { entitlements?: EntitlementDto[]; hostEntitlement?: EntitlementDto | null; hasHostRights?: boolean } = {}) => ({
  entitlements: [],
  hostEntitlement: null,
  hasHostRights: false,
  ...over,
});

describe("host facts of /api/me: the server's fields first", () => {
  it('uses hostStatus and displayedHostEntitlement when the server sends them', () => {
    const shown = ent({ id: 'x', status: 'revoked' });
    expect(hostStatusOf({ ...me({ hasHostRights: true }), hostStatus: 'revoked' })).toBe('revoked');
    expect(displayedHostEntitlementOf({ ...me({ entitlements: [ent({})] }), displayedHostEntitlement: shown })).toBe(shown);
    expect(displayedHostEntitlementOf({ ...me({ entitlements: [ent({})] }), displayedHostEntitlement: null })).toBeNull();
  });
});

describe('interim readings of the server list (until the gateway sends hostStatus / displayedHostEntitlement)', () => {
  it("is active exactly when the server says hasHostRights, and shows the server's hostEntitlement", () => {
    const host = ent({ id: 'h', tier: 'permanent', expiresAt: null });
    expect(hostStatusOf(me({ hasHostRights: true, hostEntitlement: host, entitlements: [ent({}), host] }))).toBe('active');
    expect(displayedHostEntitlementOf(me({ hasHostRights: true, hostEntitlement: host, entitlements: [ent({}), host] }))).toBe(host);
  });
  it('otherwise reads the statuses the server derived: revoked, then expired, then none', () => {
    expect(hostStatusOf(me({ entitlements: [ent({ status: 'expired' }), ent({ status: 'revoked' })] }))).toBe('revoked');
    expect(hostStatusOf(me({ entitlements: [ent({ status: 'expired' })] }))).toBe('expired');
    expect(hostStatusOf(me({ entitlements: [ent({ type: 'admin', status: 'revoked' })] }))).toBe('none');
    expect(hostStatusOf(me())).toBe('none');
  });
  it('describes the first host entitlement of the list (the server lists newest first)', () => {
    const newest = ent({ id: 'new', status: 'expired' });
    expect(displayedHostEntitlementOf(me({ entitlements: [ent({ id: 'admin', type: 'admin' }), newest, ent({ id: 'old', status: 'revoked' })] }))).toBe(newest);
    expect(displayedHostEntitlementOf(me())).toBeNull();
  });
});
