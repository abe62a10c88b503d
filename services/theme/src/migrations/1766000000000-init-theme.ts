import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/**
 * Creates the theme schema (spec 001 section 3; docs/architecture.md "Theme service"):
 * - pack_blobs: the bytes of each pack once, keyed by their SHA-256 (content-addressed);
 * - stored_themes: "Stored theme (server)", one per (owner, theme id), pointing at its bytes (a blob is
 *   never deleted while a stored theme points at it: the foreign key refuses);
 * - user_theme_preferences: each user's preferredThemeId;
 * - global_settings: "Global setting" (key defaultTheme).
 */
export class InitTheme1766000000000 implements MigrationInterface {
  name = 'InitTheme1766000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE SCHEMA IF NOT EXISTS "${s}"`);
    await q.query(`CREATE TABLE "${s}"."pack_blobs" (
      "sha256" char(64) PRIMARY KEY CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
      "bytes" bytea NOT NULL,
      "size_bytes" integer NOT NULL CHECK ("size_bytes" = octet_length("bytes")),
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "${s}"."stored_themes" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "owner_id" uuid NOT NULL,
      "theme_id" varchar(64) NOT NULL CHECK (length(btrim("theme_id")) > 0),
      "name" varchar(80) NOT NULL,
      "description" text NOT NULL DEFAULT '',
      "json" jsonb NOT NULL,
      "visibility" varchar(20) NOT NULL DEFAULT 'private',
      "pack_sha256" char(64) NOT NULL REFERENCES "${s}"."pack_blobs" ("sha256"),
      "size_bytes" integer NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "stored_themes_owner_theme_uq" UNIQUE ("owner_id", "theme_id")
    )`);
    await q.query(`CREATE INDEX "stored_themes_pack_idx" ON "${s}"."stored_themes" ("pack_sha256")`);
    await q.query(`CREATE INDEX "stored_themes_theme_id_idx" ON "${s}"."stored_themes" ("theme_id", "updated_at")`);
    await q.query(`CREATE TABLE "${s}"."user_theme_preferences" (
      "user_id" uuid PRIMARY KEY,
      "preferred_theme_id" varchar(64) NOT NULL,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "${s}"."global_settings" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "key" varchar(100) NOT NULL UNIQUE,
      "value" text NOT NULL DEFAULT '',
      "updated_by" uuid,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."global_settings"`);
    await q.query(`DROP TABLE "${s}"."user_theme_preferences"`);
    await q.query(`DROP TABLE "${s}"."stored_themes"`);
    await q.query(`DROP TABLE "${s}"."pack_blobs"`);
  }
}
