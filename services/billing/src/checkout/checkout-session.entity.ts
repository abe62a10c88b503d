import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EntitlementTier } from '../entitlements/entitlement.entity.js';

/** How a checkout is paid: a Stripe Checkout Session, or the local test checkout of development mode. */
export type CheckoutMode = 'stripe' | 'test';
export type CheckoutStatus = 'open' | 'completed';

/** A checkout started by a user (kept for reference; fulfilled at most once). */
@Entity({ name: 'checkout_sessions' })
export class CheckoutSessionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index()
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'user_email', type: 'varchar', length: 255, default: '' })
  userEmail!: string;

  @Column({ type: 'varchar', length: 20 })
  tier!: EntitlementTier;

  @Column({ type: 'varchar', length: 10 })
  mode!: CheckoutMode;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status!: CheckoutStatus;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ name: 'stripe_session_id', type: 'varchar', length: 255, nullable: true, unique: true })
  stripeSessionId!: string | null;

  @Column({ name: 'checkout_url', type: 'text', default: '' })
  checkoutUrl!: string;

  @Column({ name: 'payment_intent', type: 'varchar', length: 255, nullable: true })
  paymentIntent!: string | null;

  @Column({ name: 'entitlement_id', type: 'uuid', nullable: true })
  entitlementId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
