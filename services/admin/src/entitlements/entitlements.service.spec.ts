import { randomUUID } from 'node:crypto';
import { rpcErrorOf } from '@nightfall/server-kit';
import { AuditService } from '../audit/audit.service.js';
import { adminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { EntitlementsService } from './entitlements.service.js';

describe('entitlements, ToggleAdmin and their audit entries (fake identity and billing)', () => {
  let f: AdminFixture;
  let svc: EntitlementsService;
  let audit: AuditService;
  /** The newest audit entry, parsed. */
  const lastEntry = async () => {
    const e = (await audit.list({ actorUserId: f.primary.id, page: 1, pageSize: 1 })).entries[0]!;
    return { ...e, before: JSON.parse(e.beforeJson) as unknown, after: JSON.parse(e.afterJson) as unknown };
  };
  const toggle = (actor: string, userIdentifier: string) => svc.toggleAdmin({ actorUserId: actor, userIdentifier });

  beforeAll(async () => {
    f = await adminFixture();
    svc = f.app.get(EntitlementsService);
    audit = f.app.get(AuditService);
  });
  afterAll(() => f.close());

  describe('ToggleAdmin', () => {
    it("makes a user an admin with an admin entitlement, then removes it: '{email} is now / no longer an admin'", async () => {
      const u = f.owners.addUser('Toggle@Example.com');
      expect(await toggle(f.superAdmin.id, ' TOGGLE@example.com ')).toEqual({ message: 'toggle@example.com is now an admin', userEmail: 'toggle@example.com', isAdmin: true });
      const granted = f.owners.entitlements.find((e) => e.userId === u.id && e.type === 'admin')!;
      expect(granted).toMatchObject({ status: 'active', tier: 'permanent', source: 'manual' });
      expect(await lastEntry()).toMatchObject({
        actorUserId: f.superAdmin.id,
        actorEmail: 'super@example.com',
        action: 'admin.grant',
        target: `user:${u.id}`,
        before: { email: 'toggle@example.com', isAdmin: false },
        after: { email: 'toggle@example.com', isAdmin: true, entitlementId: granted.id },
      });

      expect(await toggle(f.primary.id, u.id)).toEqual({ message: 'toggle@example.com is no longer an admin', userEmail: 'toggle@example.com', isAdmin: false });
      expect(granted.status).toBe('revoked');
      expect(await lastEntry()).toMatchObject({
        actorEmail: 'primary@example.com',
        action: 'admin.remove',
        before: { isAdmin: true, entitlementIds: [granted.id] },
        after: { isAdmin: false, revokedEntitlementIds: [granted.id] },
      });
    });

    it('revokes every active admin entitlement of the user', async () => {
      const u = f.owners.addUser('twice@example.com');
      const a = f.owners.addEntitlement(u, 'admin');
      const b = f.owners.addEntitlement(u, 'admin');
      const host = f.owners.addEntitlement(u, 'host');
      expect((await toggle(f.primary.id, 'twice@example.com')).isAdmin).toBe(false);
      expect([a.status, b.status, host.status]).toEqual(['revoked', 'revoked', 'active']);
    });

    it('is for super admins only', async () => {
      const before = f.owners.entitlements.length;
      expect(await rpcErrorOf(toggle(f.admin.id, 'user@example.com'))).toEqual({ code: 'SUPER_ADMIN_ONLY', title: 'Failed to toggle admin status', message: 'Super Admin Only' });
      expect(await rpcErrorOf(toggle(f.listed.id, 'user@example.com'))).toMatchObject({ code: 'SUPER_ADMIN_ONLY' });
      expect(await rpcErrorOf(toggle(f.user.id, 'user@example.com'))).toMatchObject({ code: 'ACCESS_DENIED', title: 'Failed to toggle admin status' });
      expect(f.owners.entitlements.length).toBe(before);
    });

    it('never changes the primary account', async () => {
      const body = await rpcErrorOf(toggle(f.superAdmin.id, 'primary@example.com'));
      expect(body).toEqual({ code: 'PRIMARY_ACCOUNT', title: 'Failed to toggle admin status', message: 'primary@example.com is the primary account: its admin rights cannot be changed' });
      expect((await rpcErrorOf(toggle(f.primary.id, f.primary.id))).code).toBe('PRIMARY_ACCOUNT');
    });

    it('answers FAILED_PRECONDITION for rights that come from ADMIN_EMAILS or a super_admin entitlement, and revokes nothing', async () => {
      const extra = f.owners.addEntitlement(f.listed, 'admin');
      const listed = await rpcErrorOf(toggle(f.primary.id, 'listed@example.com'));
      expect(listed).toMatchObject({ code: 'ADMIN_NOT_REMOVABLE', title: 'Failed to toggle admin status' });
      expect(listed.message).toContain('ADMIN_EMAILS');
      expect(extra.status).toBe('active');
      const sup = await rpcErrorOf(toggle(f.primary.id, 'super@example.com'));
      expect(sup).toMatchObject({ code: 'ADMIN_NOT_REMOVABLE' });
      expect(sup.message).toContain('super_admin');
    });

    it('grants an admin entitlement to an unverified account using a listed address (it is no admin yet)', async () => {
      const early = f.owners.addUser('other@example.com');
      expect(await toggle(f.primary.id, 'other@example.com')).toMatchObject({ isAdmin: true });
      expect(f.owners.entitlements.some((e) => e.userId === early.id && e.type === 'admin' && e.status === 'active')).toBe(true);
    });

    it('answers NOT_FOUND for unknown users and guests', async () => {
      expect(await rpcErrorOf(toggle(f.primary.id, 'nobody@example.com'))).toEqual({ code: 'USER_NOT_FOUND', title: 'Failed to toggle admin status', message: 'User not found' });
      const guest = f.owners.addUser('', { guest: true });
      expect((await rpcErrorOf(toggle(f.primary.id, guest.id))).code).toBe('USER_NOT_FOUND');
      expect((await rpcErrorOf(toggle(f.primary.id, '  '))).code).toBe('INVALID_INPUT');
    });
  });

  describe('GrantEntitlement and RevokeEntitlement', () => {
    it('grants a manual host entitlement by e-mail (admins), audited', async () => {
      const u = f.owners.addUser('buyer@example.com');
      const e = await svc.grant({ actorUserId: f.listed.id, email: ' Buyer@Example.com ', type: 'host', tier: 'pass_48h' });
      expect(e).toMatchObject({ userId: u.id, userEmail: 'buyer@example.com', type: 'host', tier: 'pass_48h', status: 'active', source: 'manual' });
      expect(e.expiresAt).not.toBe('');
      expect(await lastEntry()).toMatchObject({ actorUserId: f.listed.id, action: 'entitlement.grant', target: `entitlement:${e.id}`, before: null, after: { id: e.id, type: 'host' } });
    });

    it('validates the grant and finds the user', async () => {
      const grant = (email: string, type = 'host', tier = 'permanent') => rpcErrorOf(svc.grant({ actorUserId: f.admin.id, email, type, tier }));
      expect(await grant(' ')).toEqual({ code: 'INVALID_GRANT', title: 'Failed to grant entitlement', message: 'Email is required' });
      expect((await grant('user@example.com', 'admin')).message).toBe('Only host entitlements can be granted');
      expect((await grant('user@example.com', 'host', 'forever')).message).toBe('Tier must be permanent or pass_48h');
      expect(await grant('nobody@example.com')).toEqual({ code: 'USER_NOT_FOUND', title: 'Failed to grant entitlement', message: 'User not found' });
      expect((await rpcErrorOf(svc.grant({ actorUserId: f.user.id, email: 'user@example.com', type: 'host', tier: 'permanent' }))).code).toBe('ACCESS_DENIED');
    });

    it('revokes a host entitlement (admins), audited with before and after; admin entitlements only by super admins', async () => {
      const u = f.owners.addUser('revokee@example.com');
      const host = f.owners.addEntitlement(u, 'host');
      const adm = f.owners.addEntitlement(u, 'admin');
      const r = await svc.revoke({ actorUserId: f.admin.id, entitlementId: host.id });
      expect(r).toMatchObject({ id: host.id, status: 'revoked' });
      expect(await lastEntry()).toMatchObject({ action: 'entitlement.revoke', target: `entitlement:${host.id}`, before: { status: 'active' }, after: { status: 'revoked' } });
      expect(await rpcErrorOf(svc.revoke({ actorUserId: f.admin.id, entitlementId: adm.id }))).toEqual({ code: 'SUPER_ADMIN_ONLY', title: 'Failed to revoke entitlement', message: 'Super Admin Only' });
      expect(adm.status).toBe('active');
      expect((await svc.revoke({ actorUserId: f.superAdmin.id, entitlementId: adm.id })).status).toBe('revoked');
      expect(await rpcErrorOf(svc.revoke({ actorUserId: f.admin.id, entitlementId: randomUUID() }))).toEqual({ code: 'ENTITLEMENT_NOT_FOUND', title: 'Failed to revoke entitlement', message: 'Entitlement not found' });
      expect((await rpcErrorOf(svc.revoke({ actorUserId: f.admin.id, entitlementId: 'nope' }))).code).toBe('ENTITLEMENT_NOT_FOUND');
    });
  });

  describe('ListEntitlements', () => {
    it('filters by status and search, pages, newest first (admins only)', async () => {
      const u = f.owners.addUser('lister@example.com');
      const a = f.owners.addEntitlement(u, 'host');
      const b = f.owners.addEntitlement(u, 'host', { status: 'revoked' });
      const all = await svc.list({ actorUserId: f.admin.id, status: '', search: 'LISTER@', page: 1, pageSize: 10 });
      expect(all).toMatchObject({ total: 2, entitlements: [{ id: b.id, userEmail: 'lister@example.com' }, { id: a.id }] });
      expect(await svc.list({ actorUserId: f.admin.id, status: 'revoked', search: 'lister', page: 0, pageSize: 0 })).toMatchObject({ total: 1, entitlements: [{ id: b.id }] });
      expect((await svc.list({ actorUserId: f.admin.id, status: '', search: 'lister', page: 2, pageSize: 1 })).entitlements.map((e) => e.id)).toEqual([a.id]);
      expect((await rpcErrorOf(svc.list({ actorUserId: f.admin.id, status: 'gone', search: '', page: 1, pageSize: 10 }))).code).toBe('INVALID_INPUT');
      expect((await rpcErrorOf(svc.list({ actorUserId: f.user.id, status: '', search: '', page: 1, pageSize: 10 }))).code).toBe('ACCESS_DENIED');
    });
  });
});
