import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { Repository, type EntityManager } from 'typeorm';
import { CLOCK, GrpcStatus, isUuid, type Clock } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { identityError, IdentityErrorCode } from '../identity-error-code.js';
import { cleanDisplayName, cleanEmail, nameFromEmail, parseEmail, PASSWORD_MIN } from './account-input.js';
import { UserEntity } from './user.entity.js';

/** Postgres' unique_violation SQLSTATE (two sign-ups of one e-mail racing). */
const UNIQUE_VIOLATION = '23505';

/**
 * User accounts of the `identity` schema (docs/architecture.md "Feature modules"; spec 001 section 3
 * "User"): guests, e-mail accounts with an optional argon2id password hash, display names. Opening
 * sessions is the sessions feature's job: the sign-up and sign-in methods here return the user.
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Wire form of a user: ISO-8601 dates, '' for a missing e-mail, login time or theme. */
  toUser(u: UserEntity): identityV1.User {
    return {
      id: u.id,
      email: u.email ?? '',
      displayName: u.displayName,
      isGuest: u.authProvider === 'guest',
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? '',
      preferredThemeId: u.preferredThemeId ?? '',
    };
  }

  /**
   * Creates a guest user (no e-mail, no password) named `displayName`, trimmed.
   * @throws INVALID_ARGUMENT `DISPLAY_NAME_REQUIRED` 'Please enter your display name' / `DISPLAY_NAME_TOO_LONG`
   */
  async createGuest(displayName: string): Promise<UserEntity> {
    const name = cleanDisplayName(displayName);
    return this.users.save(this.users.create({ displayName: name, authProvider: 'guest', email: null, passwordHash: null }));
  }

  /**
   * Registers an e-mail + password account (password at least 6 characters, stored as an argon2id
   * hash) and records the sign-up as its first login. The display name defaults to the e-mail prefix.
   * @returns the new user (the caller opens its session)
   * @throws INVALID_ARGUMENT `INVALID_EMAIL`, `PASSWORD_TOO_SHORT` (title 'Signup Failed'), display name codes;
   *   ALREADY_EXISTS `EMAIL_TAKEN` 'Email Already Registered'
   */
  async signUp(rawEmail: string, password: string, displayName: string): Promise<UserEntity> {
    const email = cleanEmail(rawEmail);
    if ((password ?? '').length < PASSWORD_MIN) {
      throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.PASSWORD_TOO_SHORT, `Password must be at least ${PASSWORD_MIN} characters`, 'Signup Failed');
    }
    const name = displayName?.trim() ? cleanDisplayName(displayName) : nameFromEmail(email);
    if (await this.users.existsBy({ email })) throw emailTaken();
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    try {
      return await this.users.save(this.users.create({ email, displayName: name, authProvider: 'email', passwordHash, lastLoginAt: new Date(this.clock()) }));
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw emailTaken();
      throw err;
    }
  }

  /**
   * Checks an e-mail + password (argon2 verify) and records the login time.
   * @returns the user with `lastLoginAt` = now (the caller opens a new session)
   * @throws UNAUTHENTICATED `INVALID_CREDENTIALS` 'Login Failed' / 'Invalid email or password', whatever was wrong
   */
  async signIn(rawEmail: string, password: string): Promise<UserEntity> {
    const denied = identityError(GrpcStatus.UNAUTHENTICATED, IdentityErrorCode.INVALID_CREDENTIALS, 'Invalid email or password', 'Login Failed');
    const email = parseEmail(rawEmail);
    if (email === null || !password) throw denied;
    const user = await this.users.findOneBy({ email });
    if (!user?.passwordHash || !(await argon2.verify(user.passwordHash, password))) throw denied;
    await this.recordLogin(user, new Date(this.clock()));
    return user;
  }

  /**
   * Reads a user.
   * @throws NOT_FOUND `USER_NOT_FOUND` for an unknown or malformed id
   */
  async getUser(userId: string): Promise<identityV1.User> {
    const user = await this.findById(userId);
    if (!user) throw userNotFound();
    return this.toUser(user);
  }

  /**
   * Creates a password account if the e-mail is unknown, else returns the existing user unchanged
   * (seeding of the demo host and the test admin). Opens no session.
   * @throws as {@link signUp} for a new account
   */
  async ensureUser(rawEmail: string, password: string, displayName: string): Promise<identityV1.User> {
    const email = cleanEmail(rawEmail);
    const existing = await this.users.findOneBy({ email });
    return this.toUser(existing ?? (await this.signUp(email, password, displayName)));
  }

  /**
   * Changes a signed-in user's display name, trimmed (the e-mail cannot be changed).
   * @throws INVALID_ARGUMENT `DISPLAY_NAME_REQUIRED` 'Display name is required' / `DISPLAY_NAME_TOO_LONG`;
   *   NOT_FOUND `USER_NOT_FOUND`; PERMISSION_DENIED `SIGN_IN_REQUIRED` for guests
   */
  async updateProfile(userId: string, displayName: string): Promise<identityV1.User> {
    const name = cleanDisplayName(displayName, 'Display name is required');
    const user = await this.findById(userId);
    if (!user) throw userNotFound();
    if (user.authProvider === 'guest') {
      throw identityError(GrpcStatus.PERMISSION_DENIED, IdentityErrorCode.SIGN_IN_REQUIRED, 'Please sign in to edit your profile');
    }
    await this.users.update({ id: user.id }, { displayName: name });
    user.displayName = name;
    return this.toUser(user);
  }

  /** A user by id, or null for an unknown or malformed id. @param manager the caller's transaction, if any */
  async findById(userId: string, manager?: EntityManager): Promise<UserEntity | null> {
    return isUuid(userId) ? this.repo(manager).findOneBy({ id: userId }) : null;
  }

  /** A user by normalised e-mail, or null. */
  async findByEmail(email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager).findOneBy({ email });
  }

  /**
   * The user of an e-mail, created as an e-mail account without password when unknown (magic-link
   * sign-up). Safe against a concurrent sign-up of the same e-mail (INSERT ... ON CONFLICT DO NOTHING).
   * @param displayName the name chosen at sign-up; null: the e-mail prefix
   * @param at creation and login time of a new account
   * @returns the (possibly pre-existing) user, or null if it vanished meanwhile
   */
  async findOrCreateEmailAccount(email: string, displayName: string | null, at: Date, manager?: EntityManager): Promise<UserEntity | null> {
    const users = this.repo(manager);
    const found = await users.findOneBy({ email });
    if (found) return found;
    await users
      .createQueryBuilder()
      .insert()
      .values({ email, displayName: displayName ?? nameFromEmail(email), authProvider: 'email', passwordHash: null, createdAt: at, lastLoginAt: at })
      .orIgnore()
      .execute();
    return users.findOneBy({ email });
  }

  /** Sets `lastLoginAt` of a user (row and entity) to `at`. */
  async recordLogin(user: UserEntity, at: Date, manager?: EntityManager): Promise<void> {
    user.lastLoginAt = at;
    await this.repo(manager).update({ id: user.id }, { lastLoginAt: at });
  }

  private repo(manager?: EntityManager): Repository<UserEntity> {
    return manager ? manager.getRepository(UserEntity) : this.users;
  }
}

/** ALREADY_EXISTS 'Email Already Registered' (password and magic-link sign-up alike). */
export function emailTaken() {
  return identityError(GrpcStatus.ALREADY_EXISTS, IdentityErrorCode.EMAIL_TAKEN, 'This email is already associated with an account', 'Email Already Registered');
}

function userNotFound() {
  return identityError(GrpcStatus.NOT_FOUND, IdentityErrorCode.USER_NOT_FOUND, 'User not found');
}
