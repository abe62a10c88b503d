import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe webhook event already handled: the primary key makes webhooks idempotent by event id. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 255 })
  eventId!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ type: 'boolean', default: false })
  livemode!: boolean;

  /** What the event did: granted, already_fulfilled, revoked, reversal_recorded (nothing to revoke yet) or ignored. */
  @Column({ type: 'varchar', length: 30, default: 'ignored' })
  result!: string;

  @Column({ name: 'checkout_session_id', type: 'uuid', nullable: true })
  checkoutSessionId!: string | null;

  /** The payment a reversal (refund, dispute) is about, else null. */
  @Column({ name: 'payment_intent', type: 'varchar', length: 255, nullable: true })
  paymentIntent!: string | null;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
