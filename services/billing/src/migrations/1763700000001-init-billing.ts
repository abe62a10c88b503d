import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/** Creates the billing schema: entitlements. */
export class InitBilling1763700000001 implements MigrationInterface {
  name = 'InitBilling1763700000001';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE SCHEMA IF NOT EXISTS "${s}"`);
    await q.query(`CREATE TABLE "${s}"."entitlements" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "user_email" varchar(255) NOT NULL DEFAULT '',
      "type" varchar(20) NOT NULL CHECK ("type" IN ('host','admin','super_admin')),
      "tier" varchar(20) NOT NULL CHECK ("tier" IN ('permanent','pass_48h')),
      "status" varchar(20) NOT NULL DEFAULT 'active' CHECK ("status" IN ('active','revoked')),
      "source" varchar(20) NOT NULL CHECK ("source" IN ('stripe','manual','manual_grant','test')),
      "payment_intent" varchar(255),
      "metadata" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz,
      "revoked_at" timestamptz
    )`);
    await q.query(`CREATE INDEX "entitlements_user_id_idx" ON "${s}"."entitlements" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}"."entitlements"`);
  }
}
