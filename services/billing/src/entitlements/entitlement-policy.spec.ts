import { activeTypes, displayedHostEntitlement, effectiveStatus, hostStatus, pickHostEntitlement, PASS_48H_MS, type EntitlementLike } from './entitlement-policy.js';

const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const row = (o: Partial<EntitlementLike>): EntitlementLike => ({
  type: 'host', tier: 'permanent', status: 'active', createdAt: new Date(t0), expiresAt: null, ...o,
});

describe('entitlement policy (spec 001 section 4)', () => {
  it('derives expired from expiresAt and keeps revoked', () => {
    const pass = row({ tier: 'pass_48h', expiresAt: new Date(t0 + PASS_48H_MS) });
    expect(effectiveStatus(pass, t0 + PASS_48H_MS - 1)).toBe('active');
    expect(effectiveStatus(pass, t0 + PASS_48H_MS)).toBe('expired');
    expect(effectiveStatus(row({ status: 'revoked' }), t0)).toBe('revoked');
  });

  it('gives no rights for revoked, expired or non-host entitlements', () => {
    expect(pickHostEntitlement([row({ status: 'revoked' })], t0)).toBeNull();
    expect(pickHostEntitlement([row({ tier: 'pass_48h', expiresAt: new Date(t0 - 1) })], t0)).toBeNull();
    expect(pickHostEntitlement([row({ type: 'admin' })], t0)).toBeNull();
  });

  it('lets a permanent tier win over a newer pass, else takes the newest', () => {
    const permanent = row({ createdAt: new Date(t0 - 10_000) });
    const newerPass = row({ tier: 'pass_48h', createdAt: new Date(t0), expiresAt: new Date(t0 + PASS_48H_MS) });
    expect(pickHostEntitlement([newerPass, permanent], t0 + 1)).toBe(permanent);
    const olderPass = row({ tier: 'pass_48h', createdAt: new Date(t0 - 5000), expiresAt: new Date(t0 + PASS_48H_MS) });
    expect(pickHostEntitlement([olderPass, newerPass], t0 + 1)).toBe(newerPass);
  });

  it('derives the Host Status: active with rights, else revoked, else expired, else none', () => {
    const expiredPass = row({ tier: 'pass_48h', createdAt: new Date(t0 - PASS_48H_MS - 5), expiresAt: new Date(t0 - 5) });
    const revoked = row({ status: 'revoked', createdAt: new Date(t0 - 10) });
    expect(hostStatus([], t0)).toBe('none');
    expect(hostStatus([row({ type: 'admin' })], t0)).toBe('none');
    expect(hostStatus([expiredPass], t0)).toBe('expired');
    expect(hostStatus([expiredPass, revoked], t0)).toBe('revoked');
    expect(hostStatus([expiredPass, revoked, row({})], t0)).toBe('active');
  });

  it('describes the entitlement that gives rights, else the newest host entitlement, else none', () => {
    const old = row({ status: 'revoked', createdAt: new Date(t0 - 100) });
    const newer = row({ tier: 'pass_48h', createdAt: new Date(t0 - 50), expiresAt: new Date(t0 - 1) });
    expect(displayedHostEntitlement([], t0)).toBeNull();
    expect(displayedHostEntitlement([old, newer], t0)).toBe(newer);
    const live = row({ createdAt: new Date(t0 - 200) });
    expect(displayedHostEntitlement([old, newer, live], t0)).toBe(live);
    expect(displayedHostEntitlement([row({ type: 'admin', createdAt: new Date(t0) }), old], t0)).toBe(old);
  });

  it('lists the types with an active, unexpired entitlement, host before admin before super_admin', () => {
    expect(activeTypes([], t0)).toEqual([]);
    const rows = [
      row({ type: 'super_admin' }),
      row({ type: 'admin', status: 'revoked' }),
      row({ type: 'host', tier: 'pass_48h', expiresAt: new Date(t0) }),
      row({ type: 'host', tier: 'pass_48h', expiresAt: new Date(t0 + 1) }),
    ];
    expect(activeTypes(rows, t0)).toEqual(['host', 'super_admin']);
    expect(activeTypes(rows, t0 + 1)).toEqual(['super_admin']);
  });
});
