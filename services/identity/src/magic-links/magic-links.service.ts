import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, LessThan, Repository } from 'typeorm';
import { CLOCK, GrpcStatus, publicBaseUrl, type Clock } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { cleanDisplayName, cleanEmail } from '../accounts/account-input.js';
import { AccountsService, emailTaken } from '../accounts/accounts.service.js';
import type { UserEntity } from '../accounts/user.entity.js';
import { IDENTITY_ENV, type IdentityEnv } from '../env.js';
import { identityError, IdentityErrorCode } from '../identity-error-code.js';
import { MailService } from '../mail/mail.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { MAGIC_LINK_MESSAGES, magicLinkMail } from './magic-link-mail.js';
import { MagicLinkTokenEntity, type MagicLinkPurpose } from './magic-link-token.entity.js';

/** Hex SHA-256 of a magic-link token: the only form in which a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new magic-link token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Longest token accepted before hashing; real tokens have 43 characters. */
const TOKEN_MAX_LENGTH = 200;

/** How long spent tokens are kept before a new request deletes them: 24 h, in ms. */
const TOKEN_RETENTION_MS = 24 * 3_600_000;

/** UNAUTHENTICATED 'Invalid Token' / 'Invalid or expired authentication link' (unknown, used or expired token). */
function invalidLink() {
  return identityError(GrpcStatus.UNAUTHENTICATED, IdentityErrorCode.INVALID_TOKEN, 'Invalid or expired authentication link', 'Invalid Token');
}

/**
 * Magic links (docs/architecture.md "Feature modules"; spec 001 section 3 "Magic link token"):
 * single-use e-mailed sign-in and sign-up links. Only the SHA-256 of a token is stored; a sign-up
 * link creates the account only when it is followed (proof that the e-mail belongs to the person).
 */
@Injectable()
export class MagicLinksService {
  private readonly logger = new Logger('MagicLinks');

  constructor(
    @InjectRepository(MagicLinkTokenEntity) private readonly tokens: Repository<MagicLinkTokenEntity>,
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Creates a single-use magic-link token (SHA-256 stored, valid MAGIC_LINK_TTL_MINUTES, default 15)
   * and e-mails `<baseUrl>/auth/callback?token=<token>`. Tokens expired for more than 24 h are deleted.
   * - `signin`, known account: a sign-in link. Unknown e-mail (or a guest's): a sign-up link instead
   *   (the account is created when it is followed). The answer is the same either way, so it reveals nothing.
   * - `signup`: a link that creates the account when followed; nothing is stored in `users` before.
   * @param baseUrl public URL of the site ('' = PUBLIC_URL)
   * @returns the spec's message ('Check your email for the sign-in link' / 'Check your email to complete signup')
   * @throws INVALID_ARGUMENT `INVALID_PURPOSE`, `INVALID_EMAIL`, display name codes, `INVALID_BASE_URL`;
   *   ALREADY_EXISTS `EMAIL_TAKEN` 'Email Already Registered' (sign-up of a registered e-mail, as for
   *   password sign-up); UNAVAILABLE `MAIL_FAILED` when the e-mail cannot be sent (the token is deleted)
   */
  async requestMagicLink(rawEmail: string, purpose: string, displayName: string, baseUrl: string): Promise<identityV1.RequestMagicLinkResponse> {
    if (purpose !== 'signin' && purpose !== 'signup') {
      throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.INVALID_PURPOSE, 'Unknown magic link purpose');
    }
    const email = cleanEmail(rawEmail);
    const base = linkBase(baseUrl || this.env.PUBLIC_URL);
    const existing = await this.accounts.findByEmail(email);
    const account = existing && existing.authProvider !== 'guest' ? existing : null;
    let name: string | null = null;
    if (purpose === 'signup') {
      if (account) throw emailTaken();
      name = displayName?.trim() ? cleanDisplayName(displayName) : null;
    }
    const kind: MagicLinkPurpose = account ? 'signin' : 'signup';
    const token = newToken();
    const now = this.clock();
    await this.tokens.delete({ expiresAt: LessThan(new Date(now - TOKEN_RETENTION_MS)) });
    await this.tokens.insert({
      userId: account?.id ?? null,
      email,
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
      await this.mail.send(magicLinkMail(email, kind, link, account?.displayName ?? name, this.env.MAGIC_LINK_TTL_MINUTES));
    } catch (err) {
      this.logger.error(`could not send the magic link to ${email}: ${err instanceof Error ? err.message : String(err)}`);
      await this.tokens.delete({ tokenHash: hashToken(token) });
      throw identityError(
        GrpcStatus.UNAVAILABLE,
        IdentityErrorCode.MAIL_FAILED,
        'We could not send the email. Please try again later.',
        purpose === 'signup' ? 'Signup Failed' : 'Login Failed',
      );
    }
    return { message: MAGIC_LINK_MESSAGES[purpose] };
  }

  /**
   * Uses a magic-link token exactly once (an atomic UPDATE ... WHERE used = false AND expires_at > now)
   * and opens a new session, in one transaction. A sign-up token creates the account (display name
   * from sign-up, else the e-mail prefix); if the e-mail was registered meanwhile, it signs in to that
   * account. Either way the user's `lastLoginAt` becomes now.
   *
   * Following the link proves the e-mail belongs to the person: the first time, the account's
   * `email_verified_at` is set, its password (possibly chosen by whoever typed the address first) is
   * removed and its older sessions are revoked (AccountsService.markEmailVerified). After the commit it
   * publishes `identity.user.created` (a new account) or `identity.user.updated` (a sign-in), then
   * `identity.user.verified` on that first verification.
   * @throws INVALID_ARGUMENT `TOKEN_MISSING` 'No authentication token provided'; UNAUTHENTICATED
   *   `INVALID_TOKEN` 'Invalid or expired authentication link' (unknown, used or expired token, or a guest's)
   */
  async consumeMagicLink(token: string): Promise<identityV1.Session> {
    const raw = (token ?? '').trim();
    if (!raw) throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.TOKEN_MISSING, 'No authentication token provided', 'Invalid Token');
    if (raw.length > TOKEN_MAX_LENGTH) throw invalidLink();
    const now = new Date(this.clock());
    const done = await this.dataSource.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(MagicLinkTokenEntity)
        .set({ used: true, usedAt: now })
        .where('token_hash = :hash AND used = false AND expires_at > :now', { hash: hashToken(raw), now })
        .returning('id, user_id, email, purpose, display_name')
        .execute();
      const row = (result.raw as Array<{ id: string; user_id: string | null; email: string; purpose: MagicLinkPurpose; display_name: string | null }>)[0];
      if (!row) throw invalidLink();
      let user: UserEntity | null;
      let created = false;
      if (row.purpose === 'signin') {
        user = row.user_id ? await this.accounts.findById(row.user_id, m) : null;
      } else {
        const found = await this.accounts.findOrCreateEmailAccount(row.email, row.display_name, now, m);
        user = found?.user ?? null;
        created = found?.created ?? false;
        if (user) await m.getRepository(MagicLinkTokenEntity).update({ id: row.id }, { userId: user.id });
      }
      // The link went to row.email; a sign-in token names its account, whose e-mail cannot change.
      if (!user || user.authProvider === 'guest' || user.email !== row.email) throw invalidLink();
      const verified = await this.accounts.markEmailVerified(user, now, m);
      if (verified) await this.sessions.revokeAllOf(user.id, now, m);
      await this.accounts.recordLogin(user, now, m);
      const session = await this.sessions.open(user, m);
      return { session, user, created, verified };
    });
    this.accounts.announce(done.created ? 'created' : 'updated', done.user);
    if (done.verified) this.accounts.announce('verified', done.user);
    return done.session;
  }
}

/**
 * The base URL of links: `publicBaseUrl` (docs/architecture.md "Plumbing") with its TypeError mapped.
 * @throws INVALID_ARGUMENT `INVALID_BASE_URL` 'Invalid public URL'
 */
function linkBase(raw: string): string {
  try {
    return publicBaseUrl(raw);
  } catch {
    throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.INVALID_BASE_URL, 'Invalid public URL');
  }
}
