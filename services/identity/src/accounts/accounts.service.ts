import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { Brackets, In, Repository, type EntityManager } from 'typeorm';
import { CommonErrorCode } from '@nightfall/protocol';
import { CLOCK, GrpcStatus, isUuid, type Clock } from '@nightfall/server-kit';
import type { identityV1, UserEventKind } from '@nightfall/contracts';
import { UserEvents } from '../events/user-events.service.js';
import { identityError, IdentityErrorCode } from '../identity-error-code.js';
import { cleanDisplayName, cleanEmail, nameFromEmail, parseEmail, PASSWORD_MIN } from './account-input.js';
import { UserEntity } from './user.entity.js';

/** Postgres' unique_violation SQLSTATE (two sign-ups of one e-mail racing). */
const UNIQUE_VIOLATION = '23505';

/** Most user ids one GetUsers call may ask for. */
export const GET_USERS_MAX = 500;

/** Largest page of SearchUsers. */
export const SEARCH_LIMIT_MAX = 100;

/** A page of {@link AccountsService.searchUsers}: the users and how many match in all. */
export interface UserPage {
  users: identityV1.User[];
  total: number;
}

/** The LIKE pattern matching any text that contains `part` literally (`%`, `_` and `\` escaped). */
export function containsPattern(part: string): string {
  return `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * User accounts of the `identity` schema (docs/architecture.md "Feature modules"; spec 001 section 3
 * "User"): guests, e-mail accounts with an optional argon2id password hash, display names. Opening
 * sessions is the sessions feature's job: the sign-up and sign-in methods here return the user. A guest is
 * created by the sessions feature with its session, in one statement (SessionsService.createGuestSession).
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: UserEvents,
  ) {}

  /**
   * Wire form of a user: ISO-8601 dates, '' for a missing e-mail, login time or theme;
   * `emailVerified` once a magic link sent to the e-mail was followed.
   */
  toUser(u: UserEntity): identityV1.User {
    return {
      id: u.id,
      email: u.email ?? '',
      displayName: u.displayName,
      isGuest: u.authProvider === 'guest',
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? '',
      preferredThemeId: u.preferredThemeId ?? '',
      emailVerified: u.emailVerifiedAt !== null && u.emailVerifiedAt !== undefined,
    };
  }

  /**
   * Publishes `identity.user.<kind>` with the user's wire form (after the caller's commit; never
   * throws, never waits: see UserEvents).
   */
  announce(kind: UserEventKind, user: UserEntity): void {
    void this.events.publish(kind, this.toUser(user));
  }

  /**
   * Registers an e-mail + password account (password at least 6 characters, stored as an argon2id
   * hash) and records the sign-up as its first login. The display name defaults to the e-mail prefix.
   * The e-mail stays unverified (`emailVerified` false): typing an address proves nothing. Publishes
   * `identity.user.created`.
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
    let user: UserEntity;
    try {
      user = await this.users.save(
        this.users.create({ email, displayName: name, authProvider: 'email', passwordHash, lastLoginAt: new Date(this.clock()), emailVerifiedAt: null }),
      );
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw emailTaken();
      throw err;
    }
    this.announce('created', user);
    return user;
  }

  /**
   * Checks an e-mail + password (argon2 verify), records the login time and publishes
   * `identity.user.updated`.
   * @returns the user with `lastLoginAt` = now and the password hash that was checked (the caller
   *   opens a new session with SessionsService.openWithPassword, which re-checks that hash)
   * @throws UNAUTHENTICATED `INVALID_CREDENTIALS` 'Login Failed' / 'Invalid email or password', whatever was wrong
   */
  async signIn(rawEmail: string, password: string): Promise<UserEntity> {
    const denied = identityError(GrpcStatus.UNAUTHENTICATED, IdentityErrorCode.INVALID_CREDENTIALS, 'Invalid email or password', 'Login Failed');
    const email = parseEmail(rawEmail);
    if (email === null || !password) throw denied;
    const user = await this.users.findOneBy({ email });
    if (!user?.passwordHash || !(await argon2.verify(user.passwordHash, password))) throw denied;
    await this.recordLogin(user, new Date(this.clock()));
    this.announce('updated', user);
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
   * Reads the signed-up user of an e-mail (case-insensitive: e-mails are stored lower-cased).
   * @throws NOT_FOUND `USER_NOT_FOUND` 'User not found' for an unknown or malformed e-mail
   */
  async getUserByEmail(rawEmail: string): Promise<identityV1.User> {
    const email = parseEmail(rawEmail ?? '');
    const user = email === null ? null : await this.users.findOneBy({ email });
    if (!user) throw userNotFound();
    return this.toUser(user);
  }

  /**
   * Reads several users (guests included) in one query, in the order of `userIds` (first occurrence);
   * unknown and malformed ids are left out.
   * @param userIds at most 500
   * @throws INVALID_ARGUMENT `INVALID_INPUT` for more than 500 ids
   */
  async getUsers(userIds: readonly string[]): Promise<identityV1.User[]> {
    if (userIds.length > GET_USERS_MAX) {
      throw identityError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, `At most ${GET_USERS_MAX} user ids per call`);
    }
    const ids = [...new Set(userIds.filter(isUuid).map((id) => id.toLowerCase()))];
    if (ids.length === 0) return [];
    const byId = new Map((await this.users.findBy({ id: In(ids) })).map((u) => [u.id, u]));
    return ids.flatMap((id) => {
      const u = byId.get(id);
      return u ? [this.toUser(u)] : [];
    });
  }

  /**
   * Searches signed-up users (e-mail accounts, never guests), newest first (`created_at DESC`, then
   * id), paged on the server. Served by the indexes of migration 1765000000000: the pg_trgm GIN index
   * on `lower(email)` for the e-mail part, the partial `created_at` index for the empty search.
   * @param query trimmed; '' = everybody; a whole user id (uuid) matches that user; anything else
   *   matches e-mails containing it, case-insensitive (`%` and `_` are literal)
   * @param offset rows to skip, 0 or more; `limit` 1-100 rows
   * @returns the page and the number of matching users in all
   * @throws INVALID_ARGUMENT `INVALID_INPUT` for a negative offset or a limit outside 1-100
   */
  async searchUsers(query: string, offset: number, limit: number): Promise<UserPage> {
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT_MAX) {
      throw identityError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, `limit must be 1-${SEARCH_LIMIT_MAX} and offset 0 or more`);
    }
    const q = (query ?? '').trim();
    const qb = this.users.createQueryBuilder('u').where('u.email IS NOT NULL').andWhere(`u.auth_provider <> 'guest'`);
    if (q) {
      const pattern = containsPattern(q.toLowerCase());
      if (isUuid(q)) {
        qb.andWhere(new Brackets((b) => b.where('u.id = :id', { id: q.toLowerCase() }).orWhere('lower(u.email) LIKE :pattern', { pattern })));
      } else {
        qb.andWhere('lower(u.email) LIKE :pattern', { pattern });
      }
    }
    // COUNT(*), not getCount()'s COUNT(DISTINCT id): one row per user already, and about twice as fast
    const counted = await qb.clone().select('COUNT(*)', 'n').getRawOne<{ n: string }>();
    const total = Number(counted?.n ?? 0);
    const rows = total > offset ? await qb.orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC').offset(offset).limit(limit).getMany() : [];
    return { users: rows.map((u) => this.toUser(u)), total };
  }

  /**
   * Creates a password account if the e-mail is unknown, else returns the existing user unchanged
   * (seeding of the demo host and the test admin). Opens no session and never marks the e-mail
   * verified (an admin listed by e-mail must follow a magic link once).
   * @throws as {@link signUp} for a new account
   */
  async ensureUser(rawEmail: string, password: string, displayName: string): Promise<identityV1.User> {
    const email = cleanEmail(rawEmail);
    const existing = await this.users.findOneBy({ email });
    return this.toUser(existing ?? (await this.signUp(email, password, displayName)));
  }

  /**
   * Changes a signed-in user's display name, trimmed (the e-mail cannot be changed), and publishes
   * `identity.user.updated`.
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
    this.announce('updated', user);
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
   * @returns the (possibly pre-existing) user and whether this call created it, or null if it vanished
   *   meanwhile. Publishes nothing: the caller announces after its commit.
   */
  async findOrCreateEmailAccount(email: string, displayName: string | null, at: Date, manager?: EntityManager): Promise<{ user: UserEntity; created: boolean } | null> {
    const users = this.repo(manager);
    const found = await users.findOneBy({ email });
    if (found) return { user: found, created: false };
    const inserted = await users
      .createQueryBuilder()
      .insert()
      .values({ email, displayName: displayName ?? nameFromEmail(email), authProvider: 'email', passwordHash: null, createdAt: at, lastLoginAt: at, emailVerifiedAt: null })
      .orIgnore()
      .returning('id')
      .execute();
    const user = await users.findOneBy({ email });
    return user ? { user, created: (inserted.raw as unknown[]).length > 0 } : null;
  }

  /**
   * Marks the e-mail of `user` verified at `at` if it was not yet: the owner of the address followed
   * a magic link sent to it. On that first verification the password is removed as well (password
   * sign-in is refused from then on; the owner signs in by magic link): a password set before the
   * address was proven may have been chosen by someone else who registered the e-mail first, who must
   * not keep access to the now verified account. The caller revokes the account's older sessions in
   * the same transaction (SessionsService.revokeAllOf). Atomic: the row is updated only while
   * `email_verified_at` is null, so concurrent links verify once.
   * @returns true when this call verified the e-mail (the caller publishes `identity.user.verified` after its commit)
   */
  async markEmailVerified(user: UserEntity, at: Date, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update(UserEntity)
      .set({ emailVerifiedAt: at, passwordHash: null })
      .where('id = :id AND email_verified_at IS NULL', { id: user.id })
      .returning('id')
      .execute();
    if ((result.raw as unknown[]).length === 0) return false;
    user.emailVerifiedAt = at;
    user.passwordHash = null;
    return true;
  }

  /**
   * Share-locks the user row until the end of `manager`'s transaction if the account still has the
   * password hash `user` was checked against (SessionsService.openWithPassword): a concurrent
   * {@link markEmailVerified}, which removes the password, then waits for that transaction or made
   * this call return false.
   * @returns false when the password was removed or changed meanwhile (or the user vanished)
   */
  async holdPassword(user: UserEntity, manager: EntityManager): Promise<boolean> {
    if (!user.passwordHash) return false;
    const row = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select('u.id')
      .where('u.id = :id AND u.password_hash = :hash', { id: user.id, hash: user.passwordHash })
      .setLock('pessimistic_read')
      .getOne();
    return row !== null;
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
