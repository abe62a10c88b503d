import { randomUUID } from 'node:crypto';
import { RemoteError, rpcErrorOf } from '@nightfall/server-kit';
import { adminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { AccessService } from './access.service.js';

describe('GetAccess and the actor checks (fake identity and billing)', () => {
  let f: AdminFixture;
  let access: AccessService;

  beforeAll(async () => {
    f = await adminFixture();
    access = f.app.get(AccessService);
  });
  afterAll(() => f.close());
  afterEach(() => {
    f.owners.down = false;
  });

  it('answers each kind of account from identity and billing, with the configured e-mails', async () => {
    expect(await access.access(f.primary.id)).toEqual({ isAdmin: true, isSuperAdmin: true, isPrimary: true });
    expect(await access.access(f.superAdmin.id)).toEqual({ isAdmin: true, isSuperAdmin: true, isPrimary: false });
    expect(await access.access(f.admin.id)).toEqual({ isAdmin: true, isSuperAdmin: false, isPrimary: false });
    expect(await access.access(f.listed.id)).toEqual({ isAdmin: true, isSuperAdmin: false, isPrimary: false });
    expect(await access.access(f.user.id)).toEqual({ isAdmin: false, isSuperAdmin: false, isPrimary: false });
  });

  it('gives nothing to unknown or malformed ids and to guests', async () => {
    const guest = f.owners.addUser('', { guest: true });
    f.owners.addEntitlement(guest, 'super_admin');
    for (const id of [randomUUID(), 'not-a-uuid', '', guest.id]) {
      expect(await access.access(id)).toEqual({ isAdmin: false, isSuperAdmin: false, isPrimary: false });
    }
  });

  it('gives nothing to an unverified account using a configured address, until it is verified', async () => {
    const early = f.owners.addUser('other@example.com');
    const squatter = f.owners.addUser('PRIMARY@example.com');
    expect(await access.access(early.id)).toMatchObject({ isAdmin: false });
    expect(await access.access(squatter.id)).toMatchObject({ isAdmin: false, isSuperAdmin: false, isPrimary: false });
    early.emailVerified = true;
    expect(await access.access(early.id)).toMatchObject({ isAdmin: true, isSuperAdmin: false });
  });

  it('revoked and expired admin entitlements give nothing', async () => {
    const u = f.owners.addUser('former@example.com');
    f.owners.addEntitlement(u, 'admin', { status: 'revoked' });
    f.owners.addEntitlement(u, 'super_admin', { tier: 'pass_48h', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(await access.access(u.id)).toMatchObject({ isAdmin: false, isSuperAdmin: false });
  });

  it('refuses non-admins and plain admins where a super admin is needed', async () => {
    expect(await rpcErrorOf(access.requireAdmin(f.user.id))).toEqual({ code: 'ACCESS_DENIED', title: 'Access Denied', message: "You don't have permission to access the admin panel." });
    expect(await rpcErrorOf(access.requireAdmin(''))).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(await rpcErrorOf(access.requireSuperAdmin(f.admin.id))).toEqual({ code: 'SUPER_ADMIN_ONLY', title: 'Access Denied', message: 'Super Admin Only' });
    expect(await access.requireSuperAdmin(f.primary.id)).toMatchObject({ userId: f.primary.id, email: 'primary@example.com' });
  });

  it('reports an outage of identity or billing as SERVICE_UNAVAILABLE, never as "no rights"', async () => {
    f.owners.down = true;
    const err = await access.access(f.admin.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).body.code).toBe('SERVICE_UNAVAILABLE');
  });
});
