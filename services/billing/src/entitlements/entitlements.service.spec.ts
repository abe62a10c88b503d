import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { EntitlementEntity } from './entitlement.entity.js';
import { PASS_48H_MS } from './entitlement-policy.js';
import { EntitlementsService } from './entitlements.service.js';

describe('EntitlementsService (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let db: BillingTestDatabase;
  let billing: EntitlementsService;
  let ds: DataSource;

  beforeAll(async () => {
    db = await billingTestDatabase();
    const app = await db.start({}, () => now);
    billing = app.get(EntitlementsService);
    ds = app.get(DataSource);
  });
  afterAll(() => db.close());

  it('a manual permanent host entitlement gives host rights', async () => {
    const user = randomUUID();
    expect((await billing.hostAccess(user)).hasHostRights).toBe(false);
    await billing.grant({ userId: user, userEmail: 'demo@nightfall.local', type: 'host', tier: 'permanent', source: 'manual' });
    const access = await billing.hostAccess(user);
    expect(access.hasHostRights).toBe(true);
    expect(access.entitlement).toMatchObject({ tier: 'permanent', source: 'manual', status: 'active', expiresAt: '' });
  });

  it('a 48-hour pass expires after 48 hours', async () => {
    const user = randomUUID();
    const pass = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'pass_48h', source: 'test' });
    expect(Date.parse(pass.expiresAt) - Date.parse(pass.createdAt)).toBe(PASS_48H_MS);
    now += PASS_48H_MS - 1000;
    expect((await billing.hostAccess(user)).hasHostRights).toBe(true);
    now += 1000;
    expect((await billing.hostAccess(user)).hasHostRights).toBe(false);
    expect((await billing.list(user))[0]?.status).toBe('expired');
  });

  it('rejects an unknown tier and stores nothing', async () => {
    const user = randomUUID();
    const body = await rpcErrorOf(billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'forever', source: 'manual' }));
    expect(body).toEqual({ code: 'INVALID_GRANT', title: 'Error', message: 'Failed to grant entitlement' });
    expect(await billing.list(user)).toEqual([]);
  });

  it('permanent wins over a newer pass; revoked entitlements give no rights', async () => {
    const user = randomUUID();
    const permanent = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'permanent', source: 'manual' });
    now += 1000;
    const pass = await billing.grant({ userId: user, userEmail: '', type: 'host', tier: 'pass_48h', source: 'test' });
    expect((await billing.hostAccess(user)).entitlement?.id).toBe(permanent.id);
    expect((await billing.revoke(permanent.id)).status).toBe('revoked');
    expect((await billing.hostAccess(user)).entitlement?.id).toBe(pass.id);
    await billing.revoke(pass.id);
    expect(await billing.revoke(pass.id)).toMatchObject({ status: 'revoked' });
    expect(await billing.hostAccess(user)).toMatchObject({ hasHostRights: false, entitlement: undefined, hostStatus: 'revoked', displayedEntitlement: { id: pass.id } });
    expect((await rpcErrorOf(billing.revoke(randomUUID()))).code).toBe('ENTITLEMENT_NOT_FOUND');
  });

  it('malformed user ids have no entitlements and no host rights', async () => {
    expect(await billing.list('not-a-uuid')).toEqual([]);
    expect(await billing.hostAccess('')).toEqual({ hasHostRights: false, entitlement: undefined, hostStatus: 'none', displayedEntitlement: undefined });
    expect((await rpcErrorOf(billing.revoke('not-a-uuid'))).code).toBe('ENTITLEMENT_NOT_FOUND');
  });

  it('reads through its prepared statements what TypeORM\'s find reads (every field of the wire entitlement, dates included), newest first', async () => {
    const user = randomUUID();
    await billing.grantRow({ userId: user, userEmail: 'reader@nightfall.local', type: 'host', tier: 'permanent', source: 'manual' }, { paymentIntent: 'pi_1', metadata: { note: 'first' } });
    now += 1000;
    const pass = await billing.grant({ userId: user, userEmail: 'reader@nightfall.local', type: 'host', tier: 'pass_48h', source: 'test' });
    now += 1000;
    await billing.grant({ userId: user, userEmail: 'reader@nightfall.local', type: 'admin', tier: 'permanent', source: 'manual_grant' });
    await billing.revoke(pass.id);
    const viaTypeorm = await ds.getRepository(EntitlementEntity).find({ where: { userId: user }, order: { createdAt: 'DESC' } });
    expect(viaTypeorm).toHaveLength(3);
    expect(await billing.list(user)).toEqual(viaTypeorm.map((e) => billing.toDto(e)));
    const hosts = viaTypeorm.filter((e) => e.type === 'host');
    const access = await billing.hostAccess(user);
    expect(access.entitlement).toEqual(billing.toDto(hosts.find((e) => e.tier === 'permanent')!));
    expect(access.displayedEntitlement).toBeDefined();
    expect(hosts.map((e) => billing.toDto(e))).toContainEqual(access.displayedEntitlement);
  });
});
