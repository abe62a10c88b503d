import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One admin action (`admin.audit_log`): who did what to whom, the state before and after, when. */
@Entity({ name: 'audit_log' })
export class AuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'actor_user_id', type: 'uuid' })
  actorUserId!: string;

  @Column({ name: 'actor_email', type: 'varchar', length: 255, default: '' })
  actorEmail!: string;

  /** e.g. entitlement.grant, entitlement.revoke, admin.grant, admin.remove, custom_role.create, setting.set */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  /** e.g. user:<id>, entitlement:<id>, custom_role:<id>, setting:<key> */
  @Column({ type: 'varchar', length: 200 })
  target!: string;

  @Column({ type: 'jsonb', nullable: true })
  before!: object | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: object | null;

  /** Set by PostgreSQL (clock_timestamp(): distinct within one transaction). */
  @Index()
  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false, default: () => 'clock_timestamp()' })
  createdAt!: Date;
}
