import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository, type EntityManager } from 'typeorm';
import { CLOCK, GrpcStatus, isUuid, preparedQuery, type Clock, type PreparedStatement } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { cleanDisplayName } from '../accounts/account-input.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { UserEntity } from '../accounts/user.entity.js';
import { IDENTITY_ENV, type IdentityEnv } from '../env.js';
import { identityError, IdentityErrorCode } from '../identity-error-code.js';
import { SessionEntity } from './session.entity.js';

/** Claims of the session token (HS256 JWT in the httpOnly cookie; verified by the gateway with SESSION_SECRET). */
export interface SessionClaims {
  /** User id. */
  sub: string;
  /** Session id, checked against `identity.sessions` (revocation). */
  sid: string;
  /** Display name at sign-in. */
  name: string;
  guest: boolean;
}

/** The user fields the wire `User` is made of ({@link AccountsService.toUser}). */
type UserRow = Pick<UserEntity, 'id' | 'email' | 'displayName' | 'authProvider' | 'createdAt' | 'lastLoginAt' | 'preferredThemeId' | 'emailVerifiedAt'>;

/** The {@link UserRow} fields of a `users` row named `u` in SQL, as aliased columns (raw queries return no entities). */
const USER_FIELDS = `u.id, u.email, u.display_name AS "displayName", u.auth_provider AS "authProvider", u.created_at AS "createdAt",
  u.last_login_at AS "lastLoginAt", u.preferred_theme_id AS "preferredThemeId", u.email_verified_at AS "emailVerifiedAt"`;

/**
 * Sign-in sessions (docs/architecture.md "Feature modules"): a row in `identity.sessions` per sign-in
 * plus the signed token naming it. Sessions live SESSION_TTL_HOURS (default 720 h = 30 days) and end
 * early when revoked (sign-out).
 */
@Injectable()
export class SessionsService {
  /** The statements of every guest join and every session check, prepared once per connection (docs/hot-path.md "Prepared statements"). */
  private readonly statements: { guestSession: PreparedStatement; validSession: PreparedStatement };

  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly accounts: AccountsService,
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const s = env.DATABASE_SCHEMA;
    this.statements = {
      guestSession: {
        name: 'identity-guest-session',
        text: `WITH u AS (INSERT INTO "${s}"."users" (display_name, auth_provider) VALUES ($1, 'guest') RETURNING *),
            x AS (INSERT INTO "${s}"."sessions" (user_id, expires_at) SELECT id, $2 FROM u RETURNING id)
       SELECT ${USER_FIELDS}, x.id AS "sessionId" FROM u, x`,
      },
      validSession: {
        name: 'identity-valid-session',
        text: `SELECT ${USER_FIELDS} FROM "${s}"."sessions" x JOIN "${s}"."users" u ON u.id = x.user_id
       WHERE x.id = $1 AND x.revoked_at IS NULL AND x.expires_at > $2`,
      },
    };
  }

  /**
   * Opens a session for a user and signs its token ({@link SessionClaims}, HS256, `exp` = now +
   * SESSION_TTL_HOURS). Every sign-in gets a new session id (rotation).
   * @param manager the caller's transaction (magic-link consumption), if any
   * @returns the wire Session: user, session id, token and expiry (ISO-8601)
   */
  async open(user: UserEntity, manager?: EntityManager): Promise<identityV1.Session> {
    const { ttlSeconds, expiresAt } = this.expiry();
    const repo = manager ? manager.getRepository(SessionEntity) : this.sessions;
    // one INSERT, without the transaction save() opens by default (docs/hot-path.md "Setup")
    const session = await repo.save(repo.create({ userId: user.id, expiresAt, revokedAt: null }), { transaction: false });
    return this.signed(user, session.id, ttlSeconds, expiresAt);
  }

  /**
   * Opens the session of a password sign-up or sign-in ({@link open}), but only while the account
   * still has the password hash that was checked: in one transaction, AccountsService.holdPassword
   * share-locks the user row if its hash is unchanged, then the session is inserted. So a magic link that
   * verifies the e-mail meanwhile (which removes the password and revokes every older session, see
   * AccountsService.markEmailVerified) can never be followed by a session opened with the old password.
   * @param user the user returned by AccountsService.signUp / signIn, with the hash it was checked against
   * @throws UNAUTHENTICATED `INVALID_CREDENTIALS` 'Login Failed' / 'Invalid email or password' when the password is gone
   */
  async openWithPassword(user: UserEntity): Promise<identityV1.Session> {
    return this.dataSource.transaction(async (m) => {
      if (!(await this.accounts.holdPassword(user, m))) {
        throw identityError(GrpcStatus.UNAUTHENTICATED, IdentityErrorCode.INVALID_CREDENTIALS, 'Invalid email or password', 'Login Failed');
      }
      return this.open(user, m);
    });
  }

  /**
   * Revokes every live session of a user at `at` (the e-mail was just verified: sessions opened with
   * a password set before then end). Run it in the verifying transaction, after the user row update.
   * @returns the number of sessions revoked
   */
  async revokeAllOf(userId: string, at: Date, manager?: EntityManager): Promise<number> {
    const repo = manager ? manager.getRepository(SessionEntity) : this.sessions;
    const result = await repo.update({ userId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected ?? 0;
  }

  private expiry(): { ttlSeconds: number; expiresAt: Date } {
    const ttlSeconds = this.env.SESSION_TTL_HOURS * 3600;
    return { ttlSeconds, expiresAt: new Date(this.clock() + ttlSeconds * 1000) };
  }

  private async signed(user: UserEntity, sessionId: string, ttlSeconds: number, expiresAt: Date): Promise<identityV1.Session> {
    const claims: SessionClaims = { sub: user.id, sid: sessionId, name: user.displayName, guest: user.authProvider === 'guest' };
    const sessionToken = await this.jwt.signAsync(claims, { expiresIn: ttlSeconds });
    return { user: this.accounts.toUser(user), sessionId, sessionToken, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Creates a guest user named `displayName` (trimmed, 1-50 characters) and opens its session, both rows in one
   * statement: one round trip to PostgreSQL, and no guest without a session if it fails (docs/hot-path.md
   * "A guest in one statement"). Publishes `identity.user.created`.
   * @throws INVALID_ARGUMENT `DISPLAY_NAME_REQUIRED` 'Please enter your display name' / `DISPLAY_NAME_TOO_LONG`
   */
  async createGuestSession(displayName: string): Promise<identityV1.Session> {
    const name = cleanDisplayName(displayName);
    const { ttlSeconds, expiresAt } = this.expiry();
    const rows = await preparedQuery<UserRow & { sessionId: string }>(this.dataSource, this.statements.guestSession, [name, expiresAt]);
    const { sessionId, ...fields } = rows[0]!;
    const user = Object.assign(new UserEntity(), fields);
    this.accounts.announce('created', user);
    return this.signed(user, sessionId, ttlSeconds, expiresAt);
  }

  /**
   * Whether a session is live (exists, not revoked, not expired), with its user. Never throws for bad ids.
   * One query joining the session to its user: it runs on every REST call and socket of a signed-in
   * player (docs/hot-path.md "Setup").
   */
  async validateSession(sessionId: string): Promise<identityV1.ValidateSessionResponse> {
    const invalid = { valid: false, user: undefined };
    if (!isUuid(sessionId)) return invalid;
    const rows = await preparedQuery<UserRow>(this.dataSource, this.statements.validSession, [sessionId, new Date(this.clock())]);
    const user = rows[0];
    return user ? { valid: true, user: this.accounts.toUser(user as UserEntity) } : invalid;
  }

  /**
   * Deletes a guest and their sessions (the `sessions` rows go with the user: ON DELETE CASCADE) when `sessionId` is
   * one of that guest's sessions: the gateway's undo of a guest it made for a room join the game refused
   * (docs/architecture.md "Guest sign-up on a join"). Publishes `identity.user.deleted` with the user as it was.
   * Signed-up users, unknown or malformed ids and a session of another user change nothing.
   * @returns whether a guest was deleted
   */
  async deleteGuest(userId: string, sessionId: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(sessionId)) return false;
    const s = this.env.DATABASE_SCHEMA;
    // TypeORM answers a DELETE with [rows, count]
    const [rows]: [UserRow[], number] = await this.dataSource.query(
      `DELETE FROM "${s}"."users" u USING "${s}"."sessions" x
       WHERE u.id = $1 AND u.auth_provider = 'guest' AND x.id = $2 AND x.user_id = u.id
       RETURNING ${USER_FIELDS}`,
      [userId, sessionId],
    );
    const user = rows[0];
    if (user) this.accounts.announce('deleted', Object.assign(new UserEntity(), user));
    return user !== undefined;
  }

  /** Revokes a session (sign-out). Idempotent; unknown and malformed ids are ignored. */
  async revokeSession(sessionId: string): Promise<void> {
    if (!isUuid(sessionId)) return;
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(this.clock()) });
  }
}
