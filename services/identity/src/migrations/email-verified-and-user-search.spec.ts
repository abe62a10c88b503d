import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { runMigrations, testDatabaseUrl, uniqueSchema } from '@nightfall/server-kit';
import { identityDatabase } from '../database.js';
import { InitIdentity1763700000000 } from './1763700000000-init-identity.js';
import { MagicLinkTokens1764000000000 } from './1764000000000-magic-link-tokens.js';

describe('migration EmailVerifiedAndUserSearch1765000000000 (real PostgreSQL)', () => {
  const url = testDatabaseUrl();
  const schema = uniqueSchema('identity');
  let ds: DataSource;

  beforeAll(async () => {
    ds = await new DataSource({ type: 'postgres', url }).initialize();
  });
  afterAll(async () => {
    await ds.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await ds.destroy();
  });

  it('marks existing password-less e-mail accounts (created by a followed link) verified, nobody else', async () => {
    const before = identityDatabase(url, schema);
    await runMigrations({ ...before, migrations: [InitIdentity1763700000000, MagicLinkTokens1764000000000] });
    await ds.query(
      `INSERT INTO "${schema}"."users" ("email", "display_name", "auth_provider", "password_hash", "created_at") VALUES
       ('linked@example.com', 'Linked', 'email', NULL, '2026-01-02T03:04:05Z'),
       ('typed@example.com', 'Typed', 'email', '$argon2id$x', '2026-01-02T03:04:05Z'),
       (NULL, 'Guest', 'guest', NULL, '2026-01-02T03:04:05Z')`,
    );
    // the later migrations (Retention1766000000000...) run too; this one is the first of them
    expect((await runMigrations(before))[0]).toBe('EmailVerifiedAndUserSearch1765000000000');
    const rows = (await ds.query(`SELECT "display_name", "email_verified_at" FROM "${schema}"."users" ORDER BY "display_name"`)) as Array<{ display_name: string; email_verified_at: Date | null }>;
    expect(rows.map((r) => [r.display_name, r.email_verified_at?.toISOString() ?? null])).toEqual([
      ['Guest', null],
      ['Linked', '2026-01-02T03:04:05.000Z'],
      ['Typed', null],
    ]);
    const indexes = (await ds.query(`SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`, [schema])) as Array<{ indexname: string }>;
    expect(indexes.map((i) => i.indexname)).toEqual(expect.arrayContaining(['users_email_trgm_idx', 'users_signed_up_created_at_idx']));
  });
});
