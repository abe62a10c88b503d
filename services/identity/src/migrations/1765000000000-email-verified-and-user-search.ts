import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createContainsSearchIndex, schemaOf } from '@nightfall/server-kit';

/**
 * Adds `users.email_verified_at` (set when a magic link sent to the address is followed) and the
 * indexes of SearchUsers: a pg_trgm GIN index on `lower(email)` (contains search) and a partial
 * index on signed-up users by `created_at DESC, id DESC` (newest first, the empty search).
 *
 * Backfill: accounts without a password that are not guests were created by following a magic
 * link (nothing else creates them), so their e-mail counts as verified since their creation.
 * Password accounts stay unverified until their owner follows a magic link.
 */
export class EmailVerifiedAndUserSearch1765000000000 implements MigrationInterface {
  name = 'EmailVerifiedAndUserSearch1765000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}"."users" ADD COLUMN "email_verified_at" timestamptz NULL`);
    await q.query(
      `UPDATE "${s}"."users" SET "email_verified_at" = "created_at"
       WHERE "auth_provider" <> 'guest' AND "email" IS NOT NULL AND "password_hash" IS NULL`,
    );
    await createContainsSearchIndex(q, s, 'users', 'email', 'users_email_trgm_idx', `"email" IS NOT NULL`);
    await q.query(
      `CREATE INDEX "users_signed_up_created_at_idx" ON "${s}"."users" ("created_at" DESC, "id" DESC)
       WHERE "email" IS NOT NULL AND "auth_provider" <> 'guest'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP INDEX IF EXISTS "${s}"."users_signed_up_created_at_idx"`);
    await q.query(`DROP INDEX IF EXISTS "${s}"."users_email_trgm_idx"`);
    await q.query(`ALTER TABLE "${s}"."users" DROP COLUMN "email_verified_at"`);
  }
}
