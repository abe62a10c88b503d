import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createJobLeasesTable, schemaOf } from '@nightfall/server-kit';

/**
 * Retention (docs/architecture.md "Retention"): the `job_leases` table (one replica runs the sweep) and
 * the indexes its deletes of dead sessions use (expired: `expires_at`; signed out: `revoked_at`, partial).
 * Expired magic-link tokens are found by `magic_link_tokens_expires_at_idx` (migration 1764000000000).
 */
export class Retention1766000000000 implements MigrationInterface {
  name = 'Retention1766000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await createJobLeasesTable(q, s);
    await q.query(`CREATE INDEX "sessions_expires_at_idx" ON "${s}"."sessions" ("expires_at")`);
    await q.query(`CREATE INDEX "sessions_revoked_at_idx" ON "${s}"."sessions" ("revoked_at") WHERE "revoked_at" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP INDEX IF EXISTS "${s}"."sessions_revoked_at_idx"`);
    await q.query(`DROP INDEX IF EXISTS "${s}"."sessions_expires_at_idx"`);
    await q.query(`DROP TABLE "${s}"."job_leases"`);
  }
}
