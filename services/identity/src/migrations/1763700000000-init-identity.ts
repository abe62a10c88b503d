import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/** Creates the identity schema: users and sessions. */
export class InitIdentity1763700000000 implements MigrationInterface {
  name = 'InitIdentity1763700000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE SCHEMA IF NOT EXISTS "${s}"`);
    await q.query(`CREATE TABLE "${s}"."users" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "email" varchar(255) UNIQUE,
      "display_name" varchar(50) NOT NULL,
      "auth_provider" varchar(20) NOT NULL DEFAULT 'email',
      "password_hash" text,
      "preferred_theme_id" varchar(64),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "last_login_at" timestamptz
    )`);
    await q.query(`CREATE TABLE "${s}"."sessions" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL REFERENCES "${s}"."users"("id") ON DELETE CASCADE,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      "revoked_at" timestamptz
    )`);
    await q.query(`CREATE INDEX "sessions_user_id_idx" ON "${s}"."sessions" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."sessions"`);
    await q.query(`DROP TABLE "${s}"."users"`);
  }
}
