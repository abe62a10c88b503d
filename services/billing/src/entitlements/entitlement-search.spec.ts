import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { billingTestDatabase, type BillingTestDatabase } from '../testing/billing-test-app.js';
import { PASS_48H_MS } from './entitlement-policy.js';
import { containsPattern, EntitlementsService } from './entitlements.service.js';

/**
 * Seeded entitlement i (1..3000): granted at T0 + i s to its own user, e-mail holder<i>@wolves.example
 * for every tenth, else @village.example; every third a 48-hour pass; every seventh revoked. At NOW the
 * passes of i <= 1500 have expired.
 */
const SEEDED = 3000;
const T0 = Date.UTC(2026, 0, 1);
const NOW = T0 + 1500_500 + PASS_48H_MS;
const emailOf = (i: number) => `holder${String(i).padStart(4, '0')}@${i % 10 === 0 ? 'wolves.example' : 'village.example'}`;
const statusOf = (i: number) => (i % 7 === 0 ? 'revoked' : i % 3 === 0 && i <= 1500 ? 'expired' : 'active');
const seeded = Array.from({ length: SEEDED }, (_, k) => k + 1);
const newestFirst = (pred: (i: number) => boolean) => seeded.filter(pred).reverse();

describe('SearchEntitlements (real PostgreSQL, 3,000 seeded entitlements, injected clock)', () => {
  let db: BillingTestDatabase;
  let app: INestApplication;
  let billing: EntitlementsService;
  let ds: DataSource;

  beforeAll(async () => {
    db = await billingTestDatabase();
    app = await db.start({}, () => NOW);
    billing = app.get(EntitlementsService);
    ds = app.get(DataSource);
    await ds.query(
      `INSERT INTO "${db.schema}"."entitlements" ("user_id", "user_email", "type", "tier", "status", "source", "created_at", "updated_at", "expires_at", "revoked_at")
       SELECT gen_random_uuid(),
              'holder' || lpad(i::text, 4, '0') || CASE WHEN i % 10 = 0 THEN '@wolves.example' ELSE '@village.example' END,
              'host', CASE WHEN i % 3 = 0 THEN 'pass_48h' ELSE 'permanent' END,
              CASE WHEN i % 7 = 0 THEN 'revoked' ELSE 'active' END, 'manual',
              to_timestamp($1::bigint / 1000.0 + i), to_timestamp($1::bigint / 1000.0 + i),
              CASE WHEN i % 3 = 0 THEN to_timestamp(($1::bigint + $3::bigint) / 1000.0 + i) END,
              CASE WHEN i % 7 = 0 THEN to_timestamp($1::bigint / 1000.0 + i + 60) END
       FROM generate_series(1, $2::int) AS i`,
      [T0, SEEDED, PASS_48H_MS],
    );
    await ds.query(`ANALYZE "${db.schema}"."entitlements"`);
  });
  afterAll(() => db.close());

  it('the e-mail search is served by the pg_trgm index created by the migration', async () => {
    const rows = (await ds.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1`, [db.schema])) as Array<{ indexname: string; indexdef: string }>;
    const byName = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    expect(byName.get('entitlements_user_email_trgm_idx')).toMatch(/USING gin \(lower\(\(user_email\)::text\) (\w+\.)?gin_trgm_ops\)/);
    expect(byName.has('entitlements_created_at_idx')).toBe(true);
  });

  it('lists everything newest first with derived statuses, and pages through every row exactly once', async () => {
    const first = await billing.search('', '', 0, 100);
    expect(first.total).toBe(SEEDED);
    expect(first.entitlements.map((e) => [e.userEmail, e.status])).toEqual(newestFirst(() => true).slice(0, 100).map((i) => [emailOf(i), statusOf(i)]));
    const seen: string[] = [];
    for (let offset = 0; offset < SEEDED + 100; offset += 100) seen.push(...(await billing.search('', '', offset, 100)).entitlements.map((e) => e.id));
    expect(new Set(seen).size).toBe(SEEDED);
    expect(await billing.search('', '', SEEDED, 10)).toEqual({ entitlements: [], total: SEEDED });
  });

  it.each(['active', 'revoked', 'expired'] as const)('filters by status %s (expired = not revoked and expires_at <= now)', async (status) => {
    const expected = newestFirst((i) => statusOf(i) === status);
    const page = await billing.search(status, '', 20, 50);
    expect(page.total).toBe(expected.length);
    expect(page.entitlements.map((e) => e.userEmail)).toEqual(expected.slice(20, 70).map(emailOf));
    expect(page.entitlements.every((e) => e.status === status)).toBe(true);
  });

  it('searches a part of the e-mail case-insensitively, combined with the status filter', async () => {
    const wolves = await billing.search('', ' WOLVES.example ', 0, 100);
    expect(wolves.total).toBe(SEEDED / 10);
    expect(wolves.entitlements.map((e) => e.userEmail)).toEqual(newestFirst((i) => i % 10 === 0).slice(0, 100).map(emailOf));
    const expiredWolves = await billing.search('expired', 'wolves', 0, 100);
    expect(expiredWolves.entitlements.map((e) => e.userEmail)).toEqual(newestFirst((i) => i % 10 === 0 && statusOf(i) === 'expired').map(emailOf));
    expect(expiredWolves.total).toBe(expiredWolves.entitlements.length);
    expect((await billing.search('', 'holder0420@', 0, 10)).entitlements.map((e) => e.userEmail)).toEqual([emailOf(420)]);
    expect((await billing.search('', 'holder%42', 0, 10)).total).toBe(0);
    expect(containsPattern('a_b%c\\d')).toBe('%a\\_b\\%c\\\\d%');
  });

  it('a whole uuid finds the entitlement with that id or every entitlement of that user', async () => {
    const user = randomUUID();
    const a = await billing.grant({ userId: user, userEmail: 'two@example.com', type: 'host', tier: 'permanent', source: 'manual' });
    const b = await billing.grant({ userId: user, userEmail: 'two@example.com', type: 'admin', tier: 'permanent', source: 'manual_grant' });
    expect((await billing.search('', user.toUpperCase(), 0, 10)).entitlements.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(await billing.search('', a.id, 0, 10)).toEqual({ entitlements: [a], total: 1 });
    expect((await billing.search('revoked', a.id, 0, 10)).total).toBe(0);
    expect((await billing.search('', randomUUID(), 0, 10)).total).toBe(0);
  });

  it('rejects an unknown status and bad paging with INVALID_INPUT', async () => {
    expect(await rpcErrorOf(billing.search('gone', '', 0, 10))).toEqual({ code: 'INVALID_INPUT', title: 'Error', message: "status must be active, revoked, expired or ''" });
    for (const [offset, limit] of [[0, 0], [0, 101], [-1, 10]] as const) {
      expect(await rpcErrorOf(billing.search('', '', offset, limit))).toEqual({ code: 'INVALID_INPUT', title: 'Error', message: 'limit must be 1-100 and offset 0 or more' });
    }
  });
});
