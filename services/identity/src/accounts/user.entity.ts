import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A user (spec 001 section 3 "User"); guests have no e-mail and no password. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  email!: string | null;

  @Column({ name: 'display_name', type: 'varchar', length: 50 })
  displayName!: string;

  /** 'email' for accounts, 'guest' for guests. */
  @Column({ name: 'auth_provider', type: 'varchar', length: 20, default: 'email' })
  authProvider!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'preferred_theme_id', type: 'varchar', length: 64, nullable: true })
  preferredThemeId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  /**
   * When the owner of the e-mail first followed a magic link sent to it (sign-in or sign-up link);
   * null until then. Never set by a password sign-up or EnsureUser: only a followed link proves the
   * address belongs to the account.
   */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;
}
