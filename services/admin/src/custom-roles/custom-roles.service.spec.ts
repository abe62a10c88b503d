import { randomUUID } from 'node:crypto';
import type { adminV1 } from '@nightfall/contracts';
import { connect } from '@nats-io/transport-node';
import { CUSTOM_ROLES_CHANGED_SUBJECT, type CustomRolesChangedEvent } from '@nightfall/protocol';
import { rpcErrorOf, testNatsUrl } from '@nightfall/server-kit';
import { AuditService } from '../audit/audit.service.js';
import { adminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { CustomRolesService } from './custom-roles.service.js';

const variants = { werewolf: { title: 'Moon Hunter', imageUrl: '' }, russiagate: { title: 'Asset', imageUrl: '' }, corporate: { title: 'Auditor', imageUrl: '' }, generic: { title: 'Hunter', imageUrl: 'https://img.test/h.png' } };
const role = (over: Partial<adminV1.CustomRoleInput> = {}): adminV1.CustomRoleInput => ({ baseName: 'Hunter', team: 'villager', abilities: 'Shoots.', nightOrder: 0, isActive: true, themeVariants: variants, ...over });

describe('custom roles (real PostgreSQL)', () => {
  let f: AdminFixture;
  let roles: CustomRolesService;
  let audit: AuditService;
  const entries = async () => (await audit.list({ actorUserId: f.primary.id, page: 1, pageSize: 100 })).entries;

  beforeAll(async () => {
    f = await adminFixture();
    roles = f.app.get(CustomRolesService);
    audit = f.app.get(AuditService);
  });
  afterAll(() => f.close());

  it('creates, lists, updates and deletes a role (super admin), each change audited with before and after', async () => {
    const created = await roles.create({ actorUserId: f.superAdmin.id, role: role({ baseName: ' Hunter ', nightOrder: 5 }) });
    expect(created).toMatchObject({ baseName: 'Hunter', team: 'villager', nightOrder: 5, isActive: true, createdBy: f.superAdmin.id, themeVariants: variants });
    expect((await roles.list({ actorUserId: f.primary.id, activeOnly: false })).roles.map((r) => r.id)).toContain(created.id);

    const updated = await roles.update({ actorUserId: f.primary.id, id: created.id, role: role({ baseName: 'Night Hunter', team: 'werewolf', isActive: false }) });
    expect(updated).toMatchObject({ id: created.id, baseName: 'Night Hunter', team: 'werewolf', isActive: false, createdBy: f.superAdmin.id });

    await roles.delete({ actorUserId: f.primary.id, id: created.id });
    expect((await roles.list({ actorUserId: f.primary.id, activeOnly: false })).roles.map((r) => r.id)).not.toContain(created.id);

    const mine = (await entries()).filter((e) => e.target === `custom_role:${created.id}`).map((e) => ({ action: e.action, before: JSON.parse(e.beforeJson), after: JSON.parse(e.afterJson) }));
    expect(mine).toEqual([
      { action: 'custom_role.delete', before: expect.objectContaining({ baseName: 'Night Hunter' }), after: null },
      { action: 'custom_role.update', before: expect.objectContaining({ baseName: 'Hunter' }), after: expect.objectContaining({ baseName: 'Night Hunter', isActive: false }) },
      { action: 'custom_role.create', before: null, after: expect.objectContaining({ id: created.id, baseName: 'Hunter' }) },
    ]);
  });

  it('announces every committed change on NATS for game-engine (admin.custom-roles.changed), and nothing for a refused one', async () => {
    const nc = await connect({ servers: testNatsUrl() });
    const seen: CustomRolesChangedEvent[] = [];
    nc.subscribe(CUSTOM_ROLES_CHANGED_SUBJECT, { callback: (err, msg) => void (err || seen.push(msg.json<CustomRolesChangedEvent>())) });
    await nc.flush();
    try {
      // other test files may change roles on the same NATS meanwhile: only this test's ids count
      const mine = () => seen.filter((e) => ids.includes(e.roleId)).map((e) => e.roleId);
      const ids: string[] = [];
      const created = await roles.create({ actorUserId: f.superAdmin.id, role: role({ baseName: 'Announced' }) });
      ids.push(created.id);
      await roles.update({ actorUserId: f.primary.id, id: created.id, role: role({ baseName: 'Announced again' }) });
      await rpcErrorOf(roles.update({ actorUserId: f.primary.id, id: created.id, role: role({ baseName: '' }) }));
      await roles.delete({ actorUserId: f.primary.id, id: created.id });
      await nc.flush();
      await new Promise((r) => setTimeout(r, 100));
      expect(mine()).toEqual([created.id, created.id, created.id]);
      expect(seen.find((e) => e.roleId === created.id)).toEqual({ v: 1, roleId: created.id });
    } finally {
      await nc.close();
    }
  });

  it("rejects invalid roles with the spec's texts and stores nothing", async () => {
    const count = (await roles.list({ actorUserId: f.primary.id, activeOnly: false })).roles.length;
    const entryCount = (await entries()).length;
    expect(await rpcErrorOf(roles.create({ actorUserId: f.primary.id, role: role({ baseName: '' }) }))).toEqual({ code: 'INVALID_CUSTOM_ROLE', title: 'Failed to create role', message: 'Base name is required' });
    const missing = await rpcErrorOf(roles.create({ actorUserId: f.primary.id, role: role({ themeVariants: { werewolf: variants.werewolf, generic: variants.generic } }) }));
    expect(missing).toEqual({
      code: 'INVALID_CUSTOM_ROLE',
      title: 'Failed to create role',
      message: 'All theme titles are required',
      details: { description: 'Missing titles for: russiagate, corporate', missingThemes: ['russiagate', 'corporate'] },
    });
    expect((await rpcErrorOf(roles.create({ actorUserId: f.primary.id, role: undefined }))).message).toBe('Base name is required');
    expect((await roles.list({ actorUserId: f.primary.id, activeOnly: false })).roles.length).toBe(count);
    expect((await entries()).length).toBe(entryCount);
  });

  it('is for super admins; services read the active roles without an actor', async () => {
    const active = await roles.create({ actorUserId: f.primary.id, role: role({ baseName: 'Active One' }) });
    const inactive = await roles.create({ actorUserId: f.primary.id, role: role({ baseName: 'Sleeping One', isActive: false }) });
    expect(await rpcErrorOf(roles.create({ actorUserId: f.admin.id, role: role() }))).toEqual({ code: 'SUPER_ADMIN_ONLY', title: 'Failed to create role', message: 'Super Admin Only' });
    expect((await rpcErrorOf(roles.list({ actorUserId: f.admin.id, activeOnly: false }))).code).toBe('SUPER_ADMIN_ONLY');
    expect((await rpcErrorOf(roles.list({ actorUserId: f.user.id, activeOnly: true }))).code).toBe('ACCESS_DENIED');
    expect((await rpcErrorOf(roles.list({ actorUserId: '', activeOnly: false }))).code).toBe('ACCESS_DENIED');
    expect((await rpcErrorOf(roles.update({ actorUserId: f.listed.id, id: active.id, role: role() }))).title).toBe('Failed to update role');
    expect((await rpcErrorOf(roles.delete({ actorUserId: f.admin.id, id: active.id }))).title).toBe('Failed to delete role');
    const forServices = (await roles.list({ actorUserId: '', activeOnly: true })).roles.map((r) => r.id);
    expect(forServices).toContain(active.id);
    expect(forServices).not.toContain(inactive.id);
  });

  it('answers NOT_FOUND for unknown roles', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect(await rpcErrorOf(roles.update({ actorUserId: f.primary.id, id, role: role() }))).toEqual({ code: 'CUSTOM_ROLE_NOT_FOUND', title: 'Failed to update role', message: 'Custom role not found' });
      expect((await rpcErrorOf(roles.delete({ actorUserId: f.primary.id, id }))).code).toBe('CUSTOM_ROLE_NOT_FOUND');
    }
  });
});
