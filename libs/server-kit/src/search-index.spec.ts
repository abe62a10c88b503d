import type { QueryRunner } from 'typeorm';
import { createContainsSearchIndex } from './search-index.js';

/** A QueryRunner stand-in that records its statements; `installed` is pg_trgm's schema, `refuse` fails CREATE EXTENSION. */
function fakeRunner(o: { installed: string | null; refuse?: boolean }) {
  const sql: string[] = [];
  let installed = o.installed;
  const runner = {
    isTransactionActive: true,
    query: async (q: string) => {
      sql.push(q.replace(/\s+/g, ' ').trim());
      if (q.includes('FROM pg_extension')) return installed ? [{ schema: installed }] : [];
      if (q.startsWith('CREATE EXTENSION')) {
        if (o.refuse) throw new Error('permission denied to create extension "pg_trgm"');
        installed = 'public';
      }
      return [];
    },
  };
  return { runner: runner as unknown as QueryRunner, sql };
}

describe('createContainsSearchIndex (the pg_trgm index of the search migrations)', () => {
  it('reuses pg_trgm where it is installed and qualifies its operator class', async () => {
    const { runner, sql } = fakeRunner({ installed: 'extensions' });
    expect(await createContainsSearchIndex(runner, 'identity', 'users', 'email', 'users_email_trgm_idx', '"email" IS NOT NULL')).toBe('trigram');
    expect(sql.some((q) => q.startsWith('CREATE EXTENSION'))).toBe(false);
    expect(sql.at(-1)).toBe('CREATE INDEX "users_email_trgm_idx" ON "identity"."users" USING gin (lower("email") "extensions".gin_trgm_ops) WHERE "email" IS NOT NULL');
    expect(sql[0]).toMatch(/^SELECT pg_advisory_xact_lock\(/);
  });

  it('installs pg_trgm in public under an advisory lock when missing', async () => {
    const { runner, sql } = fakeRunner({ installed: null });
    expect(await createContainsSearchIndex(runner, 'billing', 'entitlements', 'user_email', 'e_idx')).toBe('trigram');
    expect(sql).toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    expect(sql.at(-1)).toBe('CREATE INDEX "e_idx" ON "billing"."entitlements" USING gin (lower("user_email") "public".gin_trgm_ops)');
  });

  it('does not fail the migration when the server refuses the extension: no index, a warning, the transaction intact', async () => {
    const { runner, sql } = fakeRunner({ installed: null, refuse: true });
    const warn = console.warn;
    const warned: string[] = [];
    console.warn = (m: string) => warned.push(m);
    try {
      expect(await createContainsSearchIndex(runner, 'identity', 'users', 'email', 'users_email_trgm_idx')).toBe('none');
    } finally {
      console.warn = warn;
    }
    expect(sql.slice(-3)).toEqual(['SAVEPOINT nightfall_pg_trgm', 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public', 'ROLLBACK TO SAVEPOINT nightfall_pg_trgm']);
    expect(sql.some((q) => q.startsWith('CREATE INDEX'))).toBe(false);
    expect(warned[0]).toMatch(/identity\.users: pg_trgm is not available \(permission denied/);
  });
});
