import { effectiveStatus, pickHostEntitlement, PASS_48H_MS, type EntitlementLike } from './entitlement-policy.js';

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
});
