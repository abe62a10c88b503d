/**
 * The admin console on the real stack (identity, billing, game-engine, admin, gateway; PostgreSQL, NATS):
 * who is an admin (seeded entitlements, ADMIN_EMAILS and SUPER_ADMIN_EMAIL once verified by a magic
 * link), every /api/admin/* route of spec 001 section 7, the audit log, and an admin-service outage.
 */
import { randomBytes } from 'node:crypto';
import { api, startTestStack, type RunningStack } from '@nightfall/testing';

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const LISTED = unique('listed');
const PRIMARY = unique('primary');
const THEMES = ['werewolf', 'russiagate', 'corporate', 'generic'];
const role = (baseName: string, over: Record<string, unknown> = {}) => ({
  baseName,
  team: 'villager',
  abilities: 'Keeps watch.',
  nightOrder: '2',
  isActive: true,
  themeVariants: Object.fromEntries(THEMES.map((t) => [t, { title: `${baseName} (${t})`, imageUrl: '' }])),
  ...over,
});

/** A request with any method; returns status, JSON body and the session cookie. */
async function http(base: string, method: string, path: string, body?: unknown, cookie?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

describe('admin console on the real stack (/api/admin/*, GetAccess)', () => {
  let stack: RunningStack;
  let superCookie: string;
  let adminCookie: string;
  let userCookie: string;
  let userEmail: string;

  /** Follows the newest magic link mailed to `email` (dev outbox); returns the new session cookie. */
  const followLink = async (email: string): Promise<string> => {
    const box = await api(stack.url, '/api/dev/outbox');
    const msg = (box.body as Array<{ to: string; link: string }>).find((m) => m.to === email);
    if (!msg) throw new Error(`no magic link to ${email}`);
    const cb = await api(stack.url, '/api/auth/callback', { token: new URL(msg.link).searchParams.get('token') });
    expect(cb.status).toBe(200);
    return cb.cookie!;
  };
  const me = async (cookie: string) => (await api(stack.url, '/api/me', undefined, cookie)).body;

  beforeAll(async () => {
    stack = await startTestStack({ adminEmails: ` ${LISTED.toUpperCase()} `, superAdminEmail: PRIMARY });
    const signIn = async (email: string, password: string) => (await api(stack.url, '/api/auth/login', { email, password })).cookie!;
    superCookie = await signIn(stack.superAdmin.email, stack.superAdmin.password);
    adminCookie = await signIn(stack.admin.email, stack.admin.password);
    userEmail = unique('user');
    userCookie = (await api(stack.url, '/api/auth/signup', { email: userEmail, password: 'secret1' })).cookie!;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('fills /api/me isAdmin / isSuperAdmin from the admin service', async () => {
    expect(await me(superCookie)).toMatchObject({ email: 'super@nightfall.local', isAdmin: true, isSuperAdmin: true });
    expect(await me(adminCookie)).toMatchObject({ email: 'admin@nightfall.local', isAdmin: true, isSuperAdmin: false });
    expect(await me(userCookie)).toMatchObject({ isAdmin: false, isSuperAdmin: false });
  });

  it('counts ADMIN_EMAILS and SUPER_ADMIN_EMAIL only once the address is verified by a magic link', async () => {
    const squatter = await api(stack.url, '/api/auth/signup', { email: PRIMARY, password: 'secret1' });
    expect(await me(squatter.cookie!)).toMatchObject({ isAdmin: false, isSuperAdmin: false });
    expect((await http(stack.url, 'GET', '/api/admin/users', undefined, squatter.cookie)).status).toBe(403);
    expect((await api(stack.url, '/api/auth/login', { email: PRIMARY })).status).toBe(200);
    const primary = await followLink(PRIMARY);
    expect(await me(primary)).toMatchObject({ email: PRIMARY, isAdmin: true, isSuperAdmin: true });

    expect((await api(stack.url, '/api/auth/signup', { email: LISTED })).status).toBe(200);
    const listed = await followLink(LISTED);
    expect(await me(listed)).toMatchObject({ isAdmin: true, isSuperAdmin: false });

    const users = await http(stack.url, 'GET', `/api/admin/users?search=${encodeURIComponent(PRIMARY)}`, undefined, listed);
    expect(users).toMatchObject({ status: 200, body: { total: 1, page: 1, pageSize: 20, items: [{ email: PRIMARY, isPrimary: true, isSuperAdmin: true, emailVerified: true, hostStatus: 'none', hostEntitlement: null }] } });

    // the primary account's rights never change; ADMIN_EMAILS rights are not removed by the toggle
    expect(await http(stack.url, 'POST', '/api/admin/toggle-admin', { userIdentifier: PRIMARY }, superCookie)).toMatchObject({
      status: 400,
      body: { code: 'PRIMARY_ACCOUNT', title: 'Failed to toggle admin status' },
    });
    const listedToggle = await http(stack.url, 'POST', '/api/admin/toggle-admin', { userIdentifier: LISTED }, primary);
    expect(listedToggle).toMatchObject({ status: 400, body: { code: 'ADMIN_NOT_REMOVABLE', title: 'Failed to toggle admin status' } });
    expect(listedToggle.body.message).toContain('ADMIN_EMAILS');
  });

  it("toggles admin rights (super admins only): '{email} is now an admin' / '{email} is no longer an admin'", async () => {
    expect(await http(stack.url, 'POST', '/api/admin/toggle-admin', { userIdentifier: userEmail }, adminCookie)).toMatchObject({
      status: 403,
      body: { code: 'SUPER_ADMIN_ONLY', title: 'Access Denied', message: 'Super Admin Only' },
    });
    const on = await http(stack.url, 'POST', '/api/admin/toggle-admin', { userIdentifier: ` ${userEmail.toUpperCase()} ` }, superCookie);
    expect(on).toEqual({ status: 200, body: { message: `${userEmail} is now an admin`, userEmail, isAdmin: true } });
    expect(await me(userCookie)).toMatchObject({ isAdmin: true, isSuperAdmin: false });
    const off = await http(stack.url, 'POST', '/api/admin/toggle-admin', { userIdentifier: userEmail }, superCookie);
    expect(off).toEqual({ status: 200, body: { message: `${userEmail} is no longer an admin`, userEmail, isAdmin: false } });
    expect(await me(userCookie)).toMatchObject({ isAdmin: false });
    expect(await http(stack.url, 'POST', '/api/admin/toggle-admin', {}, superCookie)).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', message: 'Email is required' } });
    expect(await http(stack.url, 'POST', '/api/admin/toggle-admin', { userIdentifier: unique('nobody') }, superCookie)).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
  });

  it('grants and revokes host entitlements, lists users and entitlements, and audits every change', async () => {
    const host = unique('host');
    const hostCookie = (await api(stack.url, '/api/auth/signup', { email: host, password: 'secret1' })).cookie!;
    const granted = await http(stack.url, 'POST', '/api/admin/grant-entitlement', { email: host.toUpperCase(), type: 'host', tier: 'pass_48h' }, adminCookie);
    expect(granted).toMatchObject({ status: 200, body: { userEmail: host, type: 'host', tier: 'pass_48h', status: 'active', source: 'manual', revokedAt: null } });
    expect((await me(hostCookie)).hasHostRights).toBe(true);

    const row = await http(stack.url, 'GET', `/api/admin/users?search=${encodeURIComponent(host)}`, undefined, adminCookie);
    expect(row.body.items).toEqual([expect.objectContaining({ email: host, isAdmin: false, hostStatus: 'active', hostEntitlement: expect.objectContaining({ id: granted.body.id, tier: 'pass_48h' }) })]);

    const list = await http(stack.url, 'GET', `/api/admin/entitlements?status=active&search=${encodeURIComponent(host)}&page=1&pageSize=5`, undefined, adminCookie);
    expect(list).toMatchObject({ status: 200, body: { total: 1, page: 1, pageSize: 5, items: [{ id: granted.body.id, userEmail: host }] } });

    const revoked = await http(stack.url, 'POST', `/api/admin/entitlements/${granted.body.id}/revoke`, {}, adminCookie);
    expect(revoked).toMatchObject({ status: 200, body: { id: granted.body.id, status: 'revoked' } });
    expect((await me(hostCookie)).hasHostRights).toBe(false);
    expect((await http(stack.url, 'GET', `/api/admin/entitlements?status=revoked&search=${encodeURIComponent(host)}`, undefined, adminCookie)).body.total).toBe(1);

    // a plain admin may not revoke an admin entitlement
    const adminEnt = (await http(stack.url, 'GET', '/api/admin/entitlements?search=admin%40nightfall.local&status=active', undefined, adminCookie)).body.items[0];
    expect(await http(stack.url, 'POST', `/api/admin/entitlements/${adminEnt.id}/revoke`, {}, adminCookie)).toMatchObject({ status: 403, body: { code: 'SUPER_ADMIN_ONLY' } });

    const log = await http(stack.url, 'GET', '/api/admin/audit-log?pageSize=100', undefined, adminCookie);
    expect(log.status).toBe(200);
    const mine = (log.body.items as Array<{ action: string; target: string; actorEmail: string; before: any; after: any }>).filter((e) => e.target === `entitlement:${granted.body.id}`);
    expect(mine).toEqual([
      expect.objectContaining({ action: 'entitlement.revoke', actorEmail: 'admin@nightfall.local', before: expect.objectContaining({ status: 'active' }), after: expect.objectContaining({ status: 'revoked' }) }),
      expect.objectContaining({ action: 'entitlement.grant', actorEmail: 'admin@nightfall.local', before: null, after: expect.objectContaining({ id: granted.body.id }) }),
    ]);
    expect(log.body.items.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['admin.grant', 'admin.remove']));
  });

  it('validates queries and bodies with clear 400 messages', async () => {
    const get = (path: string) => http(stack.url, 'GET', path, undefined, adminCookie);
    expect(await get('/api/admin/users?pageSize=500')).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', message: 'pageSize must be between 1 and 100' } });
    expect(await get('/api/admin/users?page=abc')).toMatchObject({ status: 400, body: { message: 'page must be a number' } });
    expect(await get('/api/admin/entitlements?status=gone')).toMatchObject({ status: 400, body: { message: 'status must be active, revoked or expired' } });
    const grant = (body: unknown) => http(stack.url, 'POST', '/api/admin/grant-entitlement', body, adminCookie);
    expect(await grant({ type: 'host', tier: 'permanent' })).toMatchObject({ status: 400, body: { message: 'Email is required' } });
    expect(await grant({ email: 'x@example.com', type: 'admin', tier: 'permanent' })).toMatchObject({ status: 400, body: { message: 'Only host entitlements can be granted' } });
    expect(await grant({ email: 'x@example.com', type: 'host', tier: 'forever' })).toMatchObject({ status: 400, body: { message: 'Tier must be permanent or pass_48h' } });
    expect(await grant({ email: unique('nobody'), type: 'host', tier: 'permanent' })).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND', title: 'Failed to grant entitlement' } });
    expect((await http(stack.url, 'POST', '/api/admin/entitlements/not-an-id/revoke', {}, adminCookie)).status).toBe(404);
  });

  it('manages custom roles (super admins only) with the spec texts', async () => {
    const created = await http(stack.url, 'POST', '/api/admin/custom-roles', role('Lamplighter'), superCookie);
    expect(created).toMatchObject({ status: 201, body: { baseName: 'Lamplighter', nightOrder: 2, isActive: true, themeVariants: { generic: { title: 'Lamplighter (generic)', imageUrl: '' } } } });
    const id = created.body.id as string;
    expect(await http(stack.url, 'POST', '/api/admin/custom-roles', role('  '), superCookie)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_CUSTOM_ROLE', title: 'Failed to create role', message: 'Base name is required' },
    });
    const noTitles = role('Half', { themeVariants: { werewolf: { title: 'Half' }, generic: { title: 'Half' } } });
    expect(await http(stack.url, 'POST', '/api/admin/custom-roles', noTitles, superCookie)).toMatchObject({
      status: 400,
      body: { message: 'All theme titles are required', details: { description: 'Missing titles for: russiagate, corporate' } },
    });
    expect(await http(stack.url, 'POST', '/api/admin/custom-roles', role('X', { nightOrder: 'soon' }), superCookie)).toMatchObject({ status: 201, body: { nightOrder: 0 } });

    const updated = await http(stack.url, 'PATCH', `/api/admin/custom-roles/${id}`, role('Lamplighter', { team: 'werewolf', isActive: false }), superCookie);
    expect(updated).toMatchObject({ status: 200, body: { id, team: 'werewolf', isActive: false } });
    const listed = await http(stack.url, 'GET', '/api/admin/custom-roles', undefined, superCookie);
    expect(listed.body.map((r: { id: string }) => r.id)).toContain(id);
    expect(await http(stack.url, 'GET', '/api/admin/custom-roles', undefined, adminCookie)).toMatchObject({ status: 403, body: { code: 'SUPER_ADMIN_ONLY' } });
    expect(await http(stack.url, 'POST', '/api/admin/custom-roles', { baseName: '' }, adminCookie)).toMatchObject({ status: 403 });
    expect((await http(stack.url, 'DELETE', `/api/admin/custom-roles/${id}`, undefined, superCookie)).status).toBe(204);
    expect(await http(stack.url, 'DELETE', `/api/admin/custom-roles/${id}`, undefined, superCookie)).toMatchObject({ status: 404, body: { code: 'CUSTOM_ROLE_NOT_FOUND', title: 'Failed to delete role' } });
    const log = (await http(stack.url, 'GET', '/api/admin/audit-log', undefined, superCookie)).body.items as Array<{ action: string; target: string }>;
    expect(log.filter((e) => e.target === `custom_role:${id}`).map((e) => e.action)).toEqual(['custom_role.delete', 'custom_role.update', 'custom_role.create']);
  });

  it('answers 503 SERVICE_UNAVAILABLE while the admin service is down, and recovers', async () => {
    const admin = stack.children.get('admin')!;
    await new Promise((r) => {
      admin.once('exit', r);
      admin.kill('SIGKILL');
    });
    try {
      expect(await http(stack.url, 'GET', '/api/admin/users', undefined, adminCookie)).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
      expect((await api(stack.url, '/api/me', undefined, adminCookie)).status).toBe(503);
      // the gateway stays ready (docs/faults.md "Readiness"); /health/upstreams names the one down
      expect((await http(stack.url, 'GET', '/health/ready')).status).toBe(200);
      expect((await http(stack.url, 'GET', '/health/upstreams')).status).toBe(503);
    } finally {
      await stack.restart('admin');
    }
    // answers again once the gateway's gRPC channel has reconnected (503 meanwhile, never 401/403)
    let status = 0;
    for (const until = Date.now() + 20_000; status !== 200 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      status = (await http(stack.url, 'GET', '/api/admin/users', undefined, adminCookie)).status;
      expect([200, 503]).toContain(status);
    }
    expect(status).toBe(200);
  }, 90_000);
});
