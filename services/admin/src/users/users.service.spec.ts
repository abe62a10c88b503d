import { rpcErrorOf } from '@nightfall/server-kit';
import { adminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { UsersService } from './users.service.js';

describe('the users table (fake identity and billing)', () => {
  let f: AdminFixture;
  let users: UsersService;

  beforeAll(async () => {
    f = await adminFixture();
    users = f.app.get(UsersService);
  });
  afterAll(() => f.close());

  it('joins identity search and billing host access, with the admin flags of each row', async () => {
    const host = f.owners.addUser('host@example.com', { verified: true, displayName: 'Hosty' });
    const e = f.owners.addEntitlement(host, 'host');
    const res = await users.list({ actorUserId: f.admin.id, search: '', page: 1, pageSize: 20 });
    expect(res.total).toBe(6);
    const row = (email: string) => res.users.find((u) => u.email === email);
    expect(row('host@example.com')).toMatchObject({ id: host.id, displayName: 'Hosty', isAdmin: false, emailVerified: true, hostStatus: 'active', hostEntitlement: { id: e.id, userEmail: 'host@example.com' } });
    expect(row('primary@example.com')).toMatchObject({ isAdmin: true, isSuperAdmin: true, isPrimary: true, hostStatus: 'none', hostEntitlement: undefined });
    expect(row('super@example.com')).toMatchObject({ isAdmin: true, isSuperAdmin: true, isPrimary: false });
    expect(row('admin@example.com')).toMatchObject({ isAdmin: true, isSuperAdmin: false });
    expect(row('listed@example.com')).toMatchObject({ isAdmin: true, isSuperAdmin: false });
    expect(row('user@example.com')).toMatchObject({ isAdmin: false, isSuperAdmin: false });
  });

  it('searches and pages on the owners (one billing call per page)', async () => {
    f.owners.calls.length = 0;
    const res = await users.list({ actorUserId: f.admin.id, search: '@EXAMPLE.com', page: 2, pageSize: 2 });
    expect(res.total).toBe(6);
    expect(res.users).toHaveLength(2);
    expect((await users.list({ actorUserId: f.admin.id, search: 'ADMIN@', page: 1, pageSize: 10 })).users.map((u) => u.email)).toEqual(['admin@example.com']);
    expect(f.owners.calls.filter((c) => c.startsWith('billing.getHostAccessMany'))).toHaveLength(2);
    expect(await users.list({ actorUserId: f.admin.id, search: 'nobody', page: 1, pageSize: 10 })).toEqual({ users: [], total: 0 });
  });

  it('is for admins only and bounds the search', async () => {
    expect((await rpcErrorOf(users.list({ actorUserId: f.user.id, search: '', page: 1, pageSize: 10 }))).code).toBe('ACCESS_DENIED');
    expect((await rpcErrorOf(users.list({ actorUserId: f.admin.id, search: 'x'.repeat(256), page: 1, pageSize: 10 }))).code).toBe('INVALID_INPUT');
  });
});
