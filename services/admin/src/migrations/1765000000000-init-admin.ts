import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/** Creates the admin schema: custom_roles, global_settings, audit_log (spec 001 section 3). */
export class InitAdmin1765000000000 implements MigrationInterface {
  name = 'InitAdmin1765000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE SCHEMA IF NOT EXISTS "${s}"`);
    await q.query(`CREATE TABLE "${s}"."custom_roles" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "base_name" varchar(100) NOT NULL CHECK (length(btrim("base_name")) > 0),
      "team" varchar(50) NOT NULL DEFAULT 'villager',
      "abilities" text NOT NULL DEFAULT '',
      "language" varchar(20) NOT NULL DEFAULT '',
      "themes" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "created_by" uuid NOT NULL,
      "is_active" boolean NOT NULL DEFAULT true,
      "night_order" integer NOT NULL DEFAULT 0,
      "theme_variants" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "custom_roles_active_idx" ON "${s}"."custom_roles" ("is_active", "created_at")`);
    await q.query(`CREATE TABLE "${s}"."global_settings" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "key" varchar(100) NOT NULL UNIQUE,
      "value" text NOT NULL DEFAULT '',
      "updated_by" uuid,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "${s}"."audit_log" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "actor_user_id" uuid NOT NULL,
      "actor_email" varchar(255) NOT NULL DEFAULT '',
      "action" varchar(64) NOT NULL,
      "target" varchar(200) NOT NULL,
      "before" jsonb,
      "after" jsonb,
      "created_at" timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await q.query(`CREATE INDEX "audit_log_created_at_idx" ON "${s}"."audit_log" ("created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."audit_log"`);
    await q.query(`DROP TABLE "${s}"."global_settings"`);
    await q.query(`DROP TABLE "${s}"."custom_roles"`);
  }
}
