import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Entitlement types, tiers, stored statuses and sources (spec 001 section 3). */
export type EntitlementType = 'host' | 'admin' | 'super_admin';
export type EntitlementTier = 'permanent' | 'pass_48h';
export type StoredStatus = 'active' | 'revoked';
export type EntitlementSource = 'stripe' | 'manual' | 'manual_grant' | 'test';

/** An entitlement row. `expired` is never stored: it is derived from expiresAt (spec 001 section 4). */
@Entity({ name: 'entitlements' })
export class EntitlementEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'user_email', type: 'varchar', length: 255, default: '' })
  userEmail!: string;

  @Column({ type: 'varchar', length: 20 })
  type!: EntitlementType;

  @Column({ type: 'varchar', length: 20 })
  tier!: EntitlementTier;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status!: StoredStatus;

  @Column({ type: 'varchar', length: 20 })
  source!: EntitlementSource;

  @Column({ name: 'payment_intent', type: 'varchar', length: 255, nullable: true })
  paymentIntent!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  metadata!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
