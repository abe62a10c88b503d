import { randomUUID } from 'node:crypto';
import { DataSource, type Logger as TypeOrmLogger } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { BillingController } from '../grpc/billing.controller.js';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { PASS_48H_MS } from './entitlement-policy.js';
import { EntitlementsService } from './entitlements.service.js';

describe('GetHostAccessMany and admin grants (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let db: BillingTestDatabase;
  let billing: EntitlementsService;
  let grpc: BillingController;
  let ds: DataSource;

  beforeAll(async () => {
    db = await billingTestDatabase();
    const app = await db.start({}, () => now);
    billing = app.get(EntitlementsService);
    grpc = app.get(BillingController);
    ds = app.get(DataSource);
  });
  afterAll(() => db.close());

  it('GrantEntitlement accepts admin and super_admin (permanent) as well as host; RevokeEntitlement ends them', async () => {
    const user = randomUUID();
    const admin = await grpc.grantEntitlement({ userId: user, userEmail: 'admin@example.com', type: 'admin', tier: 'permanent', source: 'manual_grant' });
    expect(admin).toMatchObject({ type: 'admin', tier: 'permanent', status: 'active', expiresAt: '', source: 'manual_grant', userEmail: 'admin@example.com' });
    const superAdmin = await grpc.grantEntitlement({ userId: user, userEmail: 'admin@example.com', type: 'super_admin', tier: 'permanent', source: 'manual' });
    expect(superAdmin).toMatchObject({ type: 'super_admin', status: 'active' });
    expect((await grpc.getHostAccessMany({ userIds: [user] })).users[0]).toMatchObject({ activeTypes: ['admin', 'super_admin'], access: { hasHostRights: false, hostStatus: 'none' } });
    expect(await grpc.revokeEntitlement({ entitlementId: admin.id })).toMatchObject({ status: 'revoked' });
    expect((await grpc.getHostAccessMany({ userIds: [user] })).users[0]!.activeTypes).toEqual(['super_admin']);
    expect((await rpcErrorOf(grpc.grantEntitlement({ userId: user, userEmail: '', type: 'owner', tier: 'permanent', source: 'manual' }))).code).toBe('INVALID_GRANT');
  });

  it('answers, in one query, what GetHostAccess answers for each user, plus the active types', async () => {
    const permanent = randomUUID();
    const pass = randomUUID();
    const revoked = randomUUID();
    const expired = randomUUID();
    const none = randomUUID();
    await billing.grant({ userId: permanent, userEmail: 'p@example.com', type: 'host', tier: 'permanent', source: 'manual' });
    now += 1000;
    await billing.grant({ userId: permanent, userEmail: 'p@example.com', type: 'host', tier: 'pass_48h', source: 'test' });
    await billing.grant({ userId: permanent, userEmail: 'p@example.com', type: 'admin', tier: 'permanent', source: 'manual_grant' });
    await billing.grant({ userId: pass, userEmail: 'pass@example.com', type: 'host', tier: 'pass_48h', source: 'stripe' });
    await billing.revoke((await billing.grant({ userId: revoked, userEmail: '', type: 'host', tier: 'permanent', source: 'manual' })).id);
    await billing.grant({ userId: expired, userEmail: '', type: 'host', tier: 'pass_48h', source: 'test' });
    now += PASS_48H_MS / 2;
    await billing.grant({ userId: pass, userEmail: 'pass@example.com', type: 'super_admin', tier: 'permanent', source: 'manual' });
    now += PASS_48H_MS / 2; // the passes granted first have expired now
    await billing.grant({ userId: pass, userEmail: 'pass@example.com', type: 'host', tier: 'pass_48h', source: 'stripe' });

    const asked = [permanent, pass, revoked, expired, none, 'not-a-uuid', permanent.toUpperCase()];
    const queries: string[] = [];
    const logger = ds.logger as TypeOrmLogger;
    const logQuery = logger.logQuery;
    logger.logQuery = (query: string) => {
      queries.push(query);
    };
    let many;
    try {
      many = await billing.hostAccessMany(asked);
    } finally {
      logger.logQuery = logQuery;
    }
    expect(queries).toHaveLength(1);

    expect(many.map((u) => u.userId)).toEqual([permanent, pass, revoked, expired, none, 'not-a-uuid']);
    for (const u of many) expect(u.access).toEqual(await billing.hostAccess(u.userId));
    expect(many.map((u) => [u.access?.hostStatus, u.access?.hasHostRights, u.activeTypes])).toEqual([
      ['active', true, ['host', 'admin']],
      ['active', true, ['host', 'super_admin']],
      ['revoked', false, []],
      ['expired', false, []],
      ['none', false, []],
      ['none', false, []],
    ]);
    expect(many[0]!.access?.entitlement).toMatchObject({ tier: 'permanent' });
    expect(await billing.hostAccessMany([])).toEqual([]);
  });

  it('refuses more than 500 ids', async () => {
    expect(await rpcErrorOf(grpc.getHostAccessMany({ userIds: Array.from({ length: 501 }, () => randomUUID()) }))).toEqual({
      code: 'INVALID_INPUT',
      title: 'Error',
      message: 'At most 500 user ids per call',
    });
    expect((await grpc.getHostAccessMany({ userIds: Array.from({ length: 500 }, () => randomUUID()) })).users).toHaveLength(500);
  });
});
