import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createJobLeasesTable, schemaOf } from '@nightfall/server-kit';

/**
 * Retention (docs/architecture.md "Retention"): the `job_leases` table (one replica runs the sweep) and
 * `games (updated_at)`, which finds the games whose last snapshot is older than the retention cutoff.
 */
export class Retention1766000000002 implements MigrationInterface {
  name = 'Retention1766000000002';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await createJobLeasesTable(q, s);
    await q.query(`CREATE INDEX "games_updated_at_idx" ON "${s}"."games" ("updated_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP INDEX IF EXISTS "${s}"."games_updated_at_idx"`);
    await q.query(`DROP TABLE "${s}"."job_leases"`);
  }
}
