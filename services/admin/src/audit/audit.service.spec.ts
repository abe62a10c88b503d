import { rpcErrorOf } from '@nightfall/server-kit';
import { adminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { AuditService } from './audit.service.js';

describe('the audit log (real PostgreSQL)', () => {
  let f: AdminFixture;
  let audit: AuditService;

  beforeAll(async () => {
    f = await adminFixture();
    audit = f.app.get(AuditService);
  });
  afterAll(() => f.close());

  it('lists entries newest first, paged, with the total (admins only)', async () => {
    const actor = { userId: f.admin.id, email: 'admin@example.com' };
    for (let i = 1; i <= 5; i++) await audit.record(actor, { action: 'test.step', target: `step:${i}`, before: i === 1 ? undefined : { n: i - 1 }, after: { n: i } });
    const first = await audit.list({ actorUserId: f.listed.id, page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.entries.map((e) => e.target)).toEqual(['step:5', 'step:4']);
    expect(first.entries[0]).toMatchObject({ actorUserId: f.admin.id, actorEmail: 'admin@example.com', action: 'test.step', beforeJson: '{"n":4}', afterJson: '{"n":5}' });
    // createdAt is read back to the millisecond: two entries recorded within the same one show the same time (the
    // order above comes from PostgreSQL's microseconds)
    expect(Date.parse(first.entries[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.entries[1]!.createdAt));
    expect((await audit.list({ actorUserId: f.listed.id, page: 3, pageSize: 2 })).entries.map((e) => [e.target, e.beforeJson])).toEqual([['step:1', 'null']]);
    expect((await rpcErrorOf(audit.list({ actorUserId: f.user.id, page: 1, pageSize: 2 }))).code).toBe('ACCESS_DENIED');
  });
});
