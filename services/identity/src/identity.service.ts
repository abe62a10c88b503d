import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { z } from 'zod';
import { DataSource, IsNull, LessThan, Repository, type EntityManager } from 'typeorm';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { UserEntity } from './user.entity.js';
import { SessionEntity } from './session.entity.js';
import { MagicLinkTokenEntity, type MagicLinkPurpose } from './magic-link-token.entity.js';
import { CLOCK, type Clock } from './clock.js';
import { IDENTITY_ENV, type IdentityEnv } from './env.js';
import { MailService } from './mail/mail.service.js';

export { IDENTITY_ENV };

/** Spec texts of the magic-link answers (spec 001 section 8, "Magic Link Sent"). */
export const MAGIC_LINK_MESSAGES = {
  signin: 'Check your email for the sign-in link',
  signup: 'Check your email to complete signup',
} as const;

/** Hex SHA-256 of a magic-link token: the only form in which a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new magic-link token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const INVALID_LINK = { code: 'INVALID_TOKEN', title: 'Invalid Token', message: 'Invalid or expired authentication link' } as const;

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
    @InjectRepository(MagicLinkTokenEntity) private readonly tokens: Repository<MagicLinkTokenEntity>,
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private readonly logger = new Logger('Identity');

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
  private async openSession(user: UserEntity, manager?: EntityManager): Promise<identityV1.Session> {
    const expiresAt = new Date(this.clock() + this.env.SESSION_TTL_HOURS * 3_600_000);
    const repo = manager ? manager.getRepository(SessionEntity) : this.sessions;
    const session = await repo.save(repo.create({ userId: user.id, expiresAt, revokedAt: null }));
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
      const user = await this.users.save(this.users.create({ email: mail, displayName: name, authProvider: 'email', passwordHash, lastLoginAt: new Date(this.clock()) }));
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
    user.lastLoginAt = new Date(this.clock());
    await this.users.update({ id: user.id }, { lastLoginAt: user.lastLoginAt });
    return this.openSession(user);
  }

  /** Whether a session is live (exists, not revoked, not expired), with its user. */
  async validateSession(sessionId: string): Promise<identityV1.ValidateSessionResponse> {
    if (!z.string().uuid().safeParse(sessionId).success) return { valid: false, user: undefined };
    const session = await this.sessions.findOneBy({ id: sessionId });
    if (!session || session.revokedAt || session.expiresAt.getTime() <= this.clock()) return { valid: false, user: undefined };
    const user = await this.users.findOneBy({ id: session.userId });
    return user ? { valid: true, user: this.toUser(user) } : { valid: false, user: undefined };
  }

  /** Revokes a session (sign-out). Idempotent; unknown ids are ignored. */
  async revokeSession(sessionId: string): Promise<void> {
    if (!z.string().uuid().safeParse(sessionId).success) return;
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(this.clock()) });
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

  /**
   * Creates a single-use magic-link token (SHA-256 stored, MAGIC_LINK_TTL_MINUTES) and e-mails
   * `<baseUrl>/auth/callback?token=<token>`.
   * - `signin`, known account: a sign-in link. Unknown e-mail: a sign-up link instead (the account is
   *   created when it is followed). The answer is the same either way, so it reveals nothing.
   * - `signup`: a link that creates the account when followed; nothing is stored in `users` before.
   * @param baseUrl public URL of the site ('' = PUBLIC_URL)
   * @returns the spec's message ('Check your email for the sign-in link' / 'Check your email to complete signup')
   * @throws INVALID_ARGUMENT bad e-mail, purpose, name or URL; ALREADY_EXISTS 'Email Already Registered'
   *   (sign-up of a registered e-mail, as for password sign-up); UNAVAILABLE when the e-mail cannot be sent
   */
  async requestMagicLink(rawEmail: string, purpose: string, displayName: string, baseUrl: string): Promise<identityV1.RequestMagicLinkResponse> {
    if (purpose !== 'signin' && purpose !== 'signup') {
      throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_PURPOSE', title: 'Error', message: 'Unknown magic link purpose' });
    }
    const mail = cleanEmail(rawEmail);
    const base = cleanBaseUrl(baseUrl || this.env.PUBLIC_URL);
    const existing = await this.users.findOneBy({ email: mail });
    const account = existing && existing.authProvider !== 'guest' ? existing : null;
    let name: string | null = null;
    if (purpose === 'signup') {
      if (account) {
        throw rpcError(GrpcStatus.ALREADY_EXISTS, { code: 'EMAIL_TAKEN', title: 'Email Already Registered', message: 'This email is already associated with an account' });
      }
      name = displayName?.trim() ? cleanDisplayName(displayName) : null;
    }
    const kind: MagicLinkPurpose = account ? 'signin' : 'signup';
    const token = newToken();
    const now = this.clock();
    await this.tokens.delete({ expiresAt: LessThan(new Date(now - 24 * 3_600_000)) });
    await this.tokens.insert({
      userId: account?.id ?? null,
      email: mail,
      purpose: kind,
      displayName: name,
      tokenHash: hashToken(token),
      used: false,
      usedAt: null,
      createdAt: new Date(now),
      expiresAt: new Date(now + this.env.MAGIC_LINK_TTL_MINUTES * 60_000),
    });
    const link = `${base}/auth/callback?token=${encodeURIComponent(token)}`;
    try {
      await this.mail.send(magicLinkMail(mail, kind, link, account?.displayName ?? name, this.env.MAGIC_LINK_TTL_MINUTES));
    } catch (err) {
      this.logger.error(`could not send the magic link to ${mail}: ${err instanceof Error ? err.message : String(err)}`);
      await this.tokens.delete({ tokenHash: hashToken(token) });
      throw rpcError(GrpcStatus.UNAVAILABLE, {
        code: 'MAIL_FAILED',
        title: purpose === 'signup' ? 'Signup Failed' : 'Login Failed',
        message: 'We could not send the email. Please try again later.',
      });
    }
    return { message: MAGIC_LINK_MESSAGES[purpose] };
  }

  /**
   * Uses a magic-link token exactly once (an atomic UPDATE ... WHERE used = false AND expires_at > now)
   * and opens a new session. A sign-up token creates the account (display name from sign-up, else the
   * e-mail prefix); if the e-mail was registered meanwhile, it signs in to that account.
   * @throws INVALID_ARGUMENT 'No authentication token provided'; UNAUTHENTICATED 'Invalid or expired
   *   authentication link' (unknown, used or expired token)
   */
  async consumeMagicLink(token: string): Promise<identityV1.Session> {
    const raw = (token ?? '').trim();
    if (!raw) throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'TOKEN_MISSING', title: 'Invalid Token', message: 'No authentication token provided' });
    if (raw.length > 200) throw rpcError(GrpcStatus.UNAUTHENTICATED, INVALID_LINK);
    const now = new Date(this.clock());
    return this.dataSource.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(MagicLinkTokenEntity)
        .set({ used: true, usedAt: now })
        .where('token_hash = :hash AND used = false AND expires_at > :now', { hash: hashToken(raw), now })
        .returning('id, user_id, email, purpose, display_name')
        .execute();
      const row = (result.raw as Array<{ id: string; user_id: string | null; email: string; purpose: MagicLinkPurpose; display_name: string | null }>)[0];
      if (!row) throw rpcError(GrpcStatus.UNAUTHENTICATED, INVALID_LINK);
      const users = m.getRepository(UserEntity);
      let user: UserEntity | null;
      if (row.purpose === 'signin') {
        user = row.user_id ? await users.findOneBy({ id: row.user_id }) : null;
      } else {
        user = await users.findOneBy({ email: row.email });
        if (!user) {
          const name = row.display_name ?? row.email.split('@')[0]!.slice(0, 50);
          await users.createQueryBuilder().insert().values({ email: row.email, displayName: name, authProvider: 'email', passwordHash: null, createdAt: now, lastLoginAt: now }).orIgnore().execute();
          user = await users.findOneBy({ email: row.email });
        }
        if (user) await m.getRepository(MagicLinkTokenEntity).update({ id: row.id }, { userId: user.id });
      }
      if (!user || user.authProvider === 'guest') throw rpcError(GrpcStatus.UNAUTHENTICATED, INVALID_LINK);
      user.lastLoginAt = now;
      await users.update({ id: user.id }, { lastLoginAt: now });
      return this.openSession(user, m);
    });
  }

  /**
   * Changes a signed-in user's display name (the e-mail cannot be changed).
   * @throws INVALID_ARGUMENT 'Display name is required' / 'Display name must be 50 characters or less';
   *   NOT_FOUND; PERMISSION_DENIED for guests
   */
  async updateProfile(userId: string, displayName: string): Promise<identityV1.User> {
    const name = (displayName ?? '').trim();
    if (!name) throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'DISPLAY_NAME_REQUIRED', title: 'Error', message: 'Display name is required' });
    if (name.length > 50) {
      throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'DISPLAY_NAME_TOO_LONG', title: 'Error', message: 'Display name must be 50 characters or less' });
    }
    const user = z.string().uuid().safeParse(userId).success ? await this.users.findOneBy({ id: userId }) : null;
    if (!user) throw rpcError(GrpcStatus.NOT_FOUND, { code: 'USER_NOT_FOUND', title: 'Error', message: 'User not found' });
    if (user.authProvider === 'guest') {
      throw rpcError(GrpcStatus.PERMISSION_DENIED, { code: 'SIGN_IN_REQUIRED', title: 'Error', message: 'Please sign in to edit your profile' });
    }
    await this.users.update({ id: user.id }, { displayName: name });
    user.displayName = name;
    return this.toUser(user);
  }

  /** The development outbox, newest first (`enabled` false with SMTP_URL or in production, and then no messages). */
  async listOutbox(limit: number): Promise<identityV1.ListOutboxResponse> {
    if (!this.mail.outboxEnabled) return { enabled: false, messages: [], directory: '', mailMode: this.mail.mode };
    return { enabled: true, messages: await this.mail.listOutbox(limit > 0 ? Math.min(limit, 500) : 100), directory: this.mail.outboxDir, mailMode: this.mail.mode };
  }
}

/** Checks the public base URL of links (http or https, no trailing slash). @throws INVALID_ARGUMENT */
function cleanBaseUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return u.toString().replace(/\/+$/, '');
  } catch {
    throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_BASE_URL', title: 'Error', message: 'Invalid public URL' });
  }
}

/** Escapes text for HTML. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The sign-in or sign-up e-mail carrying a magic link. */
function magicLinkMail(to: string, kind: MagicLinkPurpose, link: string, name: string | null, ttlMinutes: number) {
  const hello = name ? `Hi ${name},` : 'Hi,';
  const [subject, action] =
    kind === 'signin'
      ? ['Your Nightfall sign-in link', 'Use this link to sign in to Nightfall']
      : ['Complete your Nightfall signup', 'Use this link to create your Nightfall account and sign in'];
  const note = `It works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.`;
  return {
    to,
    subject,
    link,
    text: `${hello}\n\n${action}:\n\n${link}\n\n${note}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(action)}:</p><p><a href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p><p>${escapeHtml(note)}</p>`,
  };
}
