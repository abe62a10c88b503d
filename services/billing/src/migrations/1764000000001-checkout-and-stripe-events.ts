import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/** Adds checkout_sessions (Stripe or local test checkouts) and stripe_events (webhook idempotency by event id). */
export class CheckoutAndStripeEvents1764000000001 implements MigrationInterface {
  name = 'CheckoutAndStripeEvents1764000000001';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}"."checkout_sessions" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "user_email" varchar(255) NOT NULL DEFAULT '',
      "tier" varchar(20) NOT NULL CHECK ("tier" IN ('permanent','pass_48h')),
      "mode" varchar(10) NOT NULL CHECK ("mode" IN ('stripe','test')),
      "status" varchar(20) NOT NULL DEFAULT 'open' CHECK ("status" IN ('open','completed')),
      "amount_cents" integer NOT NULL,
      "currency" varchar(3) NOT NULL,
      "stripe_session_id" varchar(255) UNIQUE,
      "checkout_url" text NOT NULL DEFAULT '',
      "payment_intent" varchar(255),
      "entitlement_id" uuid REFERENCES "${s}"."entitlements"("id"),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "completed_at" timestamptz
    )`);
    await q.query(`CREATE INDEX "checkout_sessions_user_id_idx" ON "${s}"."checkout_sessions" ("user_id")`);
    await q.query(`CREATE TABLE "${s}"."stripe_events" (
      "event_id" varchar(255) PRIMARY KEY,
      "type" varchar(100) NOT NULL,
      "livemode" boolean NOT NULL DEFAULT false,
      "result" varchar(30) NOT NULL DEFAULT 'ignored',
      "checkout_session_id" uuid REFERENCES "${s}"."checkout_sessions"("id"),
      "received_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."stripe_events"`);
    await q.query(`DROP TABLE "${s}"."checkout_sessions"`);
  }
}
