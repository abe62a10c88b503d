import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { z } from 'zod';
import { IsNull, Repository } from 'typeorm';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { UserEntity } from './user.entity.js';
import { SessionEntity } from './session.entity.js';
import type { IdentityEnv } from './env.js';

/** Injection token of the validated environment. */
export const IDENTITY_ENV = Symbol('IDENTITY_ENV');

/** Claims of the session token (HS256 JWT in the httpOnly cookie; verified by the gateway). */
export interface SessionClaims {
  /** User id. */
  sub: string;
  /** Session id, checked against `identity.sessions` (revocation). */
  sid: string;
  name: string;
  guest: boolean;
}

const email = z.string().trim().toLowerCase().email().max(255);

/** Trims a display name and checks 1-50 characters (spec 001 section 5). @throws INVALID_ARGUMENT */
function cleanDisplayName(raw: string): string {
  const name = (raw ?? '').trim();
  if (!name) throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'DISPLAY_NAME_REQUIRED', title: 'Error', message: 'Please enter your display name' });
  if (name.length > 50) {
    throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'DISPLAY_NAME_TOO_LONG', title: 'Error', message: 'Display name must be 50 characters or less' });
  }
  return name;
}

/** Parses an e-mail address. @throws INVALID_ARGUMENT */
function cleanEmail(raw: string): string {
  const parsed = email.safeParse(raw);
  if (!parsed.success) throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_EMAIL', title: 'Error', message: 'Please enter a valid email' });
  return parsed.data;
}

/** Users, passwords and sessions (ARCHITECTURE.md: identity owns the `identity` schema). */
@Injectable()
export class IdentityService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly jwt: JwtService,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  /** Maps an entity to the wire User (ISO dates, '' for empty). */
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

  /** Opens a session for a user and signs its token. A new session id on every sign-in (rotation). */
  private async openSession(user: UserEntity): Promise<identityV1.Session> {
    const expiresAt = new Date(Date.now() + this.env.SESSION_TTL_HOURS * 3_600_000);
    const session = await this.sessions.save(this.sessions.create({ userId: user.id, expiresAt, revokedAt: null }));
    const claims: SessionClaims = { sub: user.id, sid: session.id, name: user.displayName, guest: user.authProvider === 'guest' };
    const sessionToken = await this.jwt.signAsync(claims, { expiresIn: this.env.SESSION_TTL_HOURS * 3600 });
    return { user: this.toUser(user), sessionId: session.id, sessionToken, expiresAt: expiresAt.toISOString() };
  }

  /** Creates a guest user named `displayName` (1-50 chars) and a session. @throws INVALID_ARGUMENT */
  async createGuestSession(displayName: string): Promise<identityV1.Session> {
    const name = cleanDisplayName(displayName);
    const user = await this.users.save(this.users.create({ displayName: name, authProvider: 'guest', email: null, passwordHash: null }));
    return this.openSession(user);
  }

  /**
   * Registers e-mail + password (min 6 chars; argon2id hash) and signs in.
   * @throws ALREADY_EXISTS 'Email Already Registered', INVALID_ARGUMENT on bad e-mail/password/name
   */
  async signUp(rawEmail: string, password: string, displayName: string): Promise<identityV1.Session> {
    const mail = cleanEmail(rawEmail);
    if ((password ?? '').length < 6) {
      throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'PASSWORD_TOO_SHORT', title: 'Signup Failed', message: 'Password must be at least 6 characters' });
    }
    const name = displayName?.trim() ? cleanDisplayName(displayName) : mail.split('@')[0]!.slice(0, 50);
    if (await this.users.existsBy({ email: mail })) {
      throw rpcError(GrpcStatus.ALREADY_EXISTS, { code: 'EMAIL_TAKEN', title: 'Email Already Registered', message: 'This email is already associated with an account' });
    }
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    try {
      const user = await this.users.save(this.users.create({ email: mail, displayName: name, authProvider: 'email', passwordHash, lastLoginAt: new Date() }));
      return this.openSession(user);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw rpcError(GrpcStatus.ALREADY_EXISTS, { code: 'EMAIL_TAKEN', title: 'Email Already Registered', message: 'This email is already associated with an account' });
      }
      throw err;
    }
  }

  /** Checks a password and opens a new session. @throws UNAUTHENTICATED 'Login Failed' / 'Invalid email or password' */
  async signIn(rawEmail: string, password: string): Promise<identityV1.Session> {
    const denied = rpcError(GrpcStatus.UNAUTHENTICATED, { code: 'INVALID_CREDENTIALS', title: 'Login Failed', message: 'Invalid email or password' });
    const parsed = email.safeParse(rawEmail);
    if (!parsed.success || !password) throw denied;
    const user = await this.users.findOneBy({ email: parsed.data });
    if (!user?.passwordHash || !(await argon2.verify(user.passwordHash, password))) throw denied;
    user.lastLoginAt = new Date();
    await this.users.update({ id: user.id }, { lastLoginAt: user.lastLoginAt });
    return this.openSession(user);
  }

  /** Whether a session is live (exists, not revoked, not expired), with its user. */
  async validateSession(sessionId: string): Promise<identityV1.ValidateSessionResponse> {
    if (!z.string().uuid().safeParse(sessionId).success) return { valid: false, user: undefined };
    const session = await this.sessions.findOneBy({ id: sessionId });
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return { valid: false, user: undefined };
    const user = await this.users.findOneBy({ id: session.userId });
    return user ? { valid: true, user: this.toUser(user) } : { valid: false, user: undefined };
  }

  /** Revokes a session (sign-out). Idempotent; unknown ids are ignored. */
  async revokeSession(sessionId: string): Promise<void> {
    if (!z.string().uuid().safeParse(sessionId).success) return;
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Reads a user. @throws NOT_FOUND */
  async getUser(userId: string): Promise<identityV1.User> {
    const user = z.string().uuid().safeParse(userId).success ? await this.users.findOneBy({ id: userId }) : null;
    if (!user) throw rpcError(GrpcStatus.NOT_FOUND, { code: 'USER_NOT_FOUND', title: 'Error', message: 'User not found' });
    return this.toUser(user);
  }

  /** Creates a password user if the e-mail is unknown, else returns the existing one (demo seeding). */
  async ensureUser(rawEmail: string, password: string, displayName: string): Promise<identityV1.User> {
    const mail = cleanEmail(rawEmail);
    const existing = await this.users.findOneBy({ email: mail });
    if (existing) return this.toUser(existing);
    return (await this.signUp(mail, password, displayName)).user!;
  }
}
