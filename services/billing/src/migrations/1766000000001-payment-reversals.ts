import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/**
 * Refunds and disputes (docs/architecture.md "Payments: refunds and disputes"): `stripe_events.payment_intent`
 * names the payment a `charge.refunded` / `charge.dispute.created` event reverses, so a checkout completed
 * after its reversal arrived (Stripe does not order deliveries) is revoked at once; indexes find the
 * entitlements and the reversals of one payment intent.
 */
export class PaymentReversals1766000000001 implements MigrationInterface {
  name = 'PaymentReversals1766000000001';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}"."stripe_events" ADD COLUMN "payment_intent" varchar(255)`);
    await q.query(`CREATE INDEX "stripe_events_payment_intent_idx" ON "${s}"."stripe_events" ("payment_intent") WHERE "payment_intent" IS NOT NULL`);
    await q.query(`CREATE INDEX "entitlements_payment_intent_idx" ON "${s}"."entitlements" ("payment_intent") WHERE "payment_intent" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP INDEX IF EXISTS "${s}"."entitlements_payment_intent_idx"`);
    await q.query(`DROP INDEX IF EXISTS "${s}"."stripe_events_payment_intent_idx"`);
    await q.query(`ALTER TABLE "${s}"."stripe_events" DROP COLUMN "payment_intent"`);
  }
}
