import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { rpcErrorOf, runMigrations, testDatabaseUrl, uniqueSchema } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { BillingService } from './billing.service.js';
import { billingDatabase } from './database.js';
import { loadBillingEnv } from './env.js';
import { PASS_48H_MS } from './entitlement-policy.js';

const schema = uniqueSchema('billing');
const env = loadBillingEnv({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' });

describe('BillingService (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let billing: BillingService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await runMigrations(billingDatabase(env.DATABASE_URL, schema));
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env, () => now)] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    billing = app.get(BillingService);
    close = async () => {
      await app.get(DataSource).query(`DROP SCHEMA "${schema}" CASCADE`);
      await app.close();
    };
  });
  afterAll(() => close());

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
    expect(body.code).toBe('INVALID_GRANT');
    expect(await billing.list(user)).toEqual([]);
  });
});
