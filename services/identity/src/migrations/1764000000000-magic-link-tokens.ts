import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/** Adds magic_link_tokens: single-use sign-in / sign-up tokens, stored as SHA-256 hashes. */
export class MagicLinkTokens1764000000000 implements MigrationInterface {
  name = 'MagicLinkTokens1764000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}"."magic_link_tokens" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid REFERENCES "${s}"."users"("id") ON DELETE CASCADE,
      "email" varchar(255) NOT NULL,
      "purpose" varchar(10) NOT NULL CHECK ("purpose" IN ('signin','signup')),
      "display_name" varchar(50),
      "token_hash" char(64) NOT NULL UNIQUE,
      "used" boolean NOT NULL DEFAULT false,
      "used_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      CHECK ("purpose" = 'signup' OR "user_id" IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX "magic_link_tokens_user_id_idx" ON "${s}"."magic_link_tokens" ("user_id")`);
    await q.query(`CREATE INDEX "magic_link_tokens_expires_at_idx" ON "${s}"."magic_link_tokens" ("expires_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}"."magic_link_tokens"`);
  }
}
