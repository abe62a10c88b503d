import { decideAccess, gateOf, tabOf, type AccessInput } from './access';

const user = (isAdmin: boolean, isSuperAdmin = false, isGuest = false) => ({ isAdmin, isSuperAdmin, isGuest });
const signedIn = (me: AccessInput['me']): AccessInput => ({ me, pending: false, failed: false });
const SIGNED_OUT: AccessInput = { me: null, pending: false, failed: false };

describe('gateOf / tabOf (the console routes)', () => {
  it('maps each path to its gate', () => {
    expect(gateOf('/admin')).toBe('panel');
    expect(gateOf('/admin/entitlements')).toBe('panel');
    expect(gateOf('/admin/theme')).toBe('theme');
    expect(gateOf('/admin/audit')).toBe('panel');
    expect(gateOf('/admin/users')).toBe('users');
    expect(gateOf('/admin/users/')).toBe('users');
    expect(gateOf('/admin/roles')).toBe('roles');
  });
  it("shows the Users tab on '/admin' and on '/admin/users'", () => {
    expect(tabOf('/admin')).toBe('users');
    expect(tabOf('/admin/')).toBe('users');
    expect(tabOf('/admin/users')).toBe('users');
    expect(tabOf('/admin/entitlements')).toBe('entitlements');
    expect(tabOf('/admin/roles')).toBe('roles');
    expect(tabOf('/admin/theme')).toBe('theme');
    expect(tabOf('/admin/audit')).toBe('audit');
    expect(tabOf('/admin/nope')).toBeNull();
  });
});

describe('decideAccess', () => {
  it('checks while /api/me loads, and decides nothing when it failed', () => {
    for (const gate of ['panel', 'users', 'roles'] as const) {
      expect(decideAccess(gate, { me: null, pending: true, failed: false })).toEqual({ kind: 'checking' });
      expect(decideAccess(gate, { me: null, pending: false, failed: true })).toEqual({ kind: 'error' });
    }
  });

  it('sends signed-out visitors and guests to /auth (panel, roles) or shows the card (users)', () => {
    const toAuth = {
      kind: 'sign-in',
      redirect: '/auth',
      toast: { title: 'Authentication Required', message: 'Please sign in to access the admin panel.' },
    };
    expect(decideAccess('panel', SIGNED_OUT)).toEqual(toAuth);
    expect(decideAccess('roles', SIGNED_OUT)).toEqual(toAuth);
    expect(decideAccess('panel', signedIn(user(true, true, true)))).toEqual(toAuth);
    expect(decideAccess('users', SIGNED_OUT)).toEqual({ kind: 'sign-in', redirect: null, toast: null });
    expect(decideAccess('users', signedIn(user(false, false, true)))).toEqual({ kind: 'sign-in', redirect: null, toast: null });
  });

  it("denies a non-admin: toast 'Access Denied' and home, or the users page's card", () => {
    const plain = signedIn(user(false));
    expect(decideAccess('panel', plain)).toEqual({
      kind: 'denied',
      redirect: '/',
      toast: { title: 'Access Denied', message: "You don't have permission to access the admin panel." },
    });
    expect(decideAccess('users', plain)).toEqual({ kind: 'denied', redirect: null, toast: null });
    expect(decideAccess('roles', plain)).toMatchObject({ kind: 'denied', redirect: '/', toast: { title: 'Access Denied' } });
  });

  it('lets admins into the panel and the users page, but only the super admin into the role creator', () => {
    const admin = signedIn(user(true));
    expect(decideAccess('panel', admin)).toEqual({ kind: 'allowed', superAdmin: false, admin: true });
    expect(decideAccess('users', admin)).toEqual({ kind: 'allowed', superAdmin: false, admin: true });
    expect(decideAccess('roles', admin)).toMatchObject({ kind: 'denied', redirect: '/', toast: { title: 'Access Denied' } });
    const sup = signedIn(user(true, true));
    for (const gate of ['panel', 'users', 'roles'] as const) expect(decideAccess(gate, sup)).toEqual({ kind: 'allowed', superAdmin: true, admin: true });
  });

  it('treats a super admin flag alone as admin, and keeps a known user while /api/me refetches', () => {
    expect(decideAccess('panel', signedIn(user(false, true)))).toEqual({ kind: 'allowed', superAdmin: true, admin: true });
    expect(decideAccess('users', { me: user(true), pending: true, failed: false })).toEqual({ kind: 'allowed', superAdmin: false, admin: true });
  });

  it('opens Theme Settings to admins and to hosts only (spec 001 section 2 "Theme settings")', () => {
    const host = signedIn({ ...user(false), hasHostRights: true });
    expect(decideAccess('theme', host)).toEqual({ kind: 'allowed', superAdmin: false, admin: false });
    expect(decideAccess('panel', host)).toMatchObject({ kind: 'denied', redirect: '/' });
    expect(decideAccess('theme', signedIn({ ...user(true), hasHostRights: false }))).toEqual({ kind: 'allowed', superAdmin: false, admin: true });
    expect(decideAccess('theme', signedIn({ ...user(false), hasHostRights: false }))).toMatchObject({ kind: 'denied', redirect: '/', toast: { title: 'Access Denied' } });
    expect(decideAccess('theme', SIGNED_OUT)).toMatchObject({ kind: 'sign-in', redirect: '/auth' });
  });
});
