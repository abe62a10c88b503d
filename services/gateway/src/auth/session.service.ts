import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Response } from 'express';
import type { identityV1 } from '@nightfall/contracts';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { SessionCache } from './session-cache.js';
import { toSessionUser, type SessionUser } from './session-user.js';

export { toSessionUser, type SessionUser } from './session-user.js';

/** Claims identity signs into the session token. */
interface SessionClaims {
  sub: string;
  sid: string;
  name: string;
  guest: boolean;
  /** Expiry, seconds since the epoch (JWT `exp`). */
  exp?: number;
}

/** Session cookie handling: verify the signed token, check the session is live, set and clear the cookie. */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly upstream: UpstreamService,
    private readonly cache: SessionCache,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  get cookieName(): string {
    return this.env.SESSION_COOKIE;
  }

  /**
   * Resolves a session token to its user: signature and expiry (HS256), then whether the session is live
   * ({@link check}). @returns null when the token is missing, forged, expired or revoked
   * @throws RemoteError SERVICE_UNAVAILABLE when identity cannot be asked (an outage is not a sign-out)
   */
  async resolve(token: string | undefined | null): Promise<SessionUser | null> {
    if (!token) return null;
    let claims: SessionClaims;
    try {
      claims = await this.jwt.verifyAsync<SessionClaims>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    const user = await this.check(claims.sid, claims.sub);
    return user && { ...user, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null };
  }

  /**
   * Whether a session is live, with its user: from the {@link SessionCache} when this gateway learnt it a moment
   * ago, else from identity's ValidateSession (the answer is then remembered). The user id must match the
   * token's subject. @returns null when the session is revoked, expired, unknown or of another user
   * @throws RemoteError SERVICE_UNAVAILABLE when identity has to be asked and cannot be
   */
  async check(sessionId: string, userId: string): Promise<SessionUser | null> {
    const known = this.cache.get(sessionId, userId);
    if (known) return known;
    const epoch = this.cache.epoch();
    const res = await this.upstream.identity.validateSession({ sessionId });
    if (!res.valid || !res.user || res.user.id !== userId) return null;
    const user = toSessionUser(res.user, sessionId);
    this.cache.remember(user, epoch);
    return user;
  }

  /**
   * Forgets a session this gateway may remember as live, at once, before other gateways hear of it over NATS
   * (a sign-out, a session replaced by a sign-in).
   */
  forget(sessionId: string): void {
    this.cache.forgetSession(sessionId);
  }

  /**
   * Writes the httpOnly session cookie (SameSite=Lax; Secure when COOKIE_SECURE) of a session identity just
   * opened, and remembers it as live (the socket that follows need not ask identity; {@link SessionCache}).
   */
  setCookie(res: Response, session: identityV1.Session): void {
    if (session.user) this.cache.remember(toSessionUser(session.user, session.sessionId));
    res.cookie(this.env.SESSION_COOKIE, session.sessionToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.env.COOKIE_SECURE,
      path: '/',
      expires: new Date(session.expiresAt),
    });
  }

  /** Removes the session cookie. */
  clearCookie(res: Response): void {
    res.clearCookie(this.env.SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.env.COOKIE_SECURE, path: '/' });
  }
}
