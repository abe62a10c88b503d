import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createContainsSearchIndex, schemaOf } from '@nightfall/server-kit';

/**
 * Indexes of SearchEntitlements (the admin console): a pg_trgm GIN index on `lower(user_email)`
 * (contains search on the holder's e-mail) and `created_at DESC, id DESC` (every entitlement, newest
 * first). Lookups by user id use `entitlements_user_id_idx`, by entitlement id the primary key.
 */
export class EntitlementSearch1765000000001 implements MigrationInterface {
  name = 'EntitlementSearch1765000000001';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await createContainsSearchIndex(q, s, 'entitlements', 'user_email', 'entitlements_user_email_trgm_idx');
    await q.query(`CREATE INDEX "entitlements_created_at_idx" ON "${s}"."entitlements" ("created_at" DESC, "id" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP INDEX IF EXISTS "${s}"."entitlements_created_at_idx"`);
    await q.query(`DROP INDEX IF EXISTS "${s}"."entitlements_user_email_trgm_idx"`);
  }
}
