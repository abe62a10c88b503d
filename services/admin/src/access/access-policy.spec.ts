import { adminSources, decideAccess, type AdminConfig } from './access-policy.js';

const config: AdminConfig = { adminEmails: ['listed@example.com', 'both@example.com'], superAdminEmail: 'primary@example.com' };
const user = (email: string, emailVerified = true, isGuest = false) => ({ email, emailVerified, isGuest });
const none = { isAdmin: false, isSuperAdmin: false, isPrimary: false };

describe('decideAccess (spec 001 section 6, proto Access)', () => {
  it('gives nothing to unknown users and guests, whatever they hold', () => {
    expect(decideAccess(null, ['super_admin'], config)).toEqual(none);
    expect(decideAccess(user('', false, true), ['admin', 'super_admin'], config)).toEqual(none);
    expect(decideAccess(user('someone@example.com'), [], config)).toEqual(none);
    expect(decideAccess(user('someone@example.com'), ['host'], config)).toEqual(none);
  });

  it('makes an active admin entitlement an admin, and super_admin a super admin (verified or not)', () => {
    expect(decideAccess(user('a@example.com', false), ['admin'], config)).toEqual({ isAdmin: true, isSuperAdmin: false, isPrimary: false });
    expect(decideAccess(user('s@example.com', false), ['super_admin'], config)).toEqual({ isAdmin: true, isSuperAdmin: true, isPrimary: false });
  });

  it('counts ADMIN_EMAILS only for a verified address (case-insensitive)', () => {
    expect(decideAccess(user('LISTED@Example.com'), [], config)).toEqual({ isAdmin: true, isSuperAdmin: false, isPrimary: false });
    expect(decideAccess(user('listed@example.com', false), [], config)).toEqual(none);
  });

  it('makes the verified SUPER_ADMIN_EMAIL the primary super admin, and an unverified one nothing', () => {
    expect(decideAccess(user('Primary@example.com'), [], config)).toEqual({ isAdmin: true, isSuperAdmin: true, isPrimary: true });
    expect(decideAccess(user('primary@example.com', false), [], config)).toEqual(none);
  });

  it('hard-codes nobody: without configuration only entitlements count', () => {
    const empty: AdminConfig = { adminEmails: [], superAdminEmail: '' };
    expect(decideAccess(user('primary@example.com'), [], empty)).toEqual(none);
    expect(decideAccess(user('listed@example.com'), [], empty)).toEqual(none);
    expect(decideAccess(user(''), [], empty)).toEqual(none);
    expect(decideAccess(user('x@example.com'), ['admin'], empty).isAdmin).toBe(true);
  });
});

describe('adminSources (what ToggleAdmin could remove)', () => {
  it('tells configuration, super_admin and admin entitlements apart', () => {
    expect(adminSources(user('both@example.com'), ['admin'], config)).toEqual({ byConfig: true, bySuperAdminEntitlement: false, byAdminEntitlement: true });
    expect(adminSources(user('both@example.com', false), ['admin'], config)).toEqual({ byConfig: false, bySuperAdminEntitlement: false, byAdminEntitlement: true });
    expect(adminSources(user('x@example.com'), ['super_admin'], config)).toEqual({ byConfig: false, bySuperAdminEntitlement: true, byAdminEntitlement: false });
  });
});
