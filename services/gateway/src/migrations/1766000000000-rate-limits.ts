import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/**
 * Creates the gateway schema's `rate_limits` table: the counters of rate-limiter-flexible's
 * RateLimiterPostgres, shared by every gateway replica (docs/architecture.md "Rate limits"). The columns
 * are the ones the library's own CREATE TABLE would make (key, points, expire in epoch ms); the gateway
 * starts it with `tableCreated: true` so no replica runs DDL at boot. The `expire` index serves the
 * library's periodic DELETE of expired rows.
 */
export class RateLimits1766000000000 implements MigrationInterface {
  name = 'RateLimits1766000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}"."rate_limits" (
      "key" varchar(255) PRIMARY KEY,
      "points" integer NOT NULL DEFAULT 0,
      "expire" bigint
    )`);
    await q.query(`CREATE INDEX "rate_limits_expire_idx" ON "${s}"."rate_limits" ("expire")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}"."rate_limits"`);
  }
}
