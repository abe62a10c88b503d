import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a magic link does when followed: sign in to an existing account, or create the account. */
export type MagicLinkPurpose = 'signin' | 'signup';

/**
 * A single-use magic-link token (spec 001 section 3 "Magic link token"). Only the SHA-256 hash of
 * the token is stored; the token itself exists only in the e-mail. Sign-up tokens have no user yet:
 * the account is created when the link is followed (proof that the e-mail belongs to the person).
 */
@Entity({ name: 'magic_link_tokens' })
export class MagicLinkTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The account to sign in to; null for a sign-up token until it is used. */
  @Index()
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  @Column({ type: 'varchar', length: 10 })
  purpose!: MagicLinkPurpose;

  /** Display name chosen at sign-up (optional). */
  @Column({ name: 'display_name', type: 'varchar', length: 50, nullable: true })
  displayName!: string | null;

  /** Hex SHA-256 of the token (unique). */
  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  @Column({ type: 'boolean', default: false })
  used!: boolean;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
