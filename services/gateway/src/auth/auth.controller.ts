import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { identityV1 } from '@nightfall/contracts';
import { SESSION_REVOKED_SUBJECT, type AuthResponse, type MeResponse, type SessionRevokedEvent } from '@nightfall/protocol';
import { credentialsSchema } from '@nightfall/protocol/schemas';
import { GrpcStatus, NatsClient, RemoteError, isUnavailable } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { CurrentUser, LocalAuthGuard, OptionalSessionGuard, SessionGuard } from './guards.js';
import { MeService, toEntitlementDto } from './me.service.js';
import { SessionService, type SessionUser } from './session.service.js';
import { AuthThrottlerGuard } from './throttle.js';

export { toEntitlementDto };

/** Body of POST /api/auth/callback. */
const callbackSchema = z.object({ token: z.string().max(512).optional() }).passthrough();

/** Spec 001 section 8 toast text of an invalid magic link (the web shows title + description; the page shows message). */
const INVALID_LINK_DESCRIPTION = 'The login link is invalid or expired';

/**
 * Account endpoints of spec 001 section 7: password and magic-link sign-up / sign-in, the magic-link
 * callback, logout and /api/me. login, signup and callback are rate-limited per IP (AUTH_RATE_LIMIT, per
 * replica); magic links also per address and per IP across replicas (RATE_LIMIT_MAGIC_LINK_*).
 */
@Controller('api')
export class AuthController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly sessions: SessionService,
    private readonly meService: MeService,
    private readonly nats: NatsClient,
    private readonly limits: RateLimitService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * POST /api/auth/signup {email, password?, displayName?}.
   * - With a password: creates the account and signs in -> {status:'signed_in', message:'Account created successfully', user}.
   * - Without: e-mails a sign-up link (the account is created when it is followed)
   *   -> {status:'magic_link_sent', purpose:'signup', message:'Check your email to complete signup'}.
   * @throws 400 bad e-mail, password under 6 characters or bad name; 409 'Email Already Registered'; 429 RATE_LIMITED
   */
  @Post('auth/signup')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  async signup(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    const input = parseBody(credentialsSchema, body);
    if (!input.password) return this.sendMagicLink(req, input.email, 'signup', input.displayName ?? '');
    if (input.password.length < 6) {
      throw new ApiException(400, GatewayErrorCode.INVALID_INPUT, 'Password must be at least 6 characters', 'Signup Failed');
    }
    const session = await this.upstream.identity.signUpWithPassword({ email: input.email, password: input.password, displayName: input.displayName ?? '' });
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { status: 'signed_in', message: 'Account created successfully', user: await this.meService.forUser(session.user!) };
  }

  /**
   * POST /api/auth/login {email, password?}.
   * - With a password (passport-local, argon2 in identity): rotates the session -> {status:'signed_in', message:'Logged in successfully', user}.
   * - Without: e-mails a magic link -> {status:'magic_link_sent', purpose:'signin', message:'Check your email for the sign-in link'}. The answer is the
   *   same for unknown e-mails (they get a sign-up link), so it never reveals whether an account exists.
   * @throws 401 'Login Failed' / 'Invalid email or password'; 400 bad e-mail (magic link); 429 RATE_LIMITED
   */
  @Post('auth/login')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard, LocalAuthGuard)
  async login(@Body() body: unknown, @Req() req: Request & { user?: identityV1.Session }, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    const session = req.user;
    if (!session) return this.sendMagicLink(req, parseBody(credentialsSchema, body).email, 'signin', '');
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { status: 'signed_in', message: 'Logged in successfully', user: await this.meService.forUser(session.user!) };
  }

  /**
   * POST /api/auth/callback {token}: uses a magic-link token once, rotates the session and sets the cookie
   * -> {status:'signed_in', message:'Logged in successfully', user}.
   * @throws 400 TOKEN_MISSING 'No authentication token provided'; 400 INVALID_TOKEN (title 'Invalid Token',
   *   message 'Invalid or expired authentication link', details.description 'The login link is invalid or expired'); 429
   */
  @Post('auth/callback')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  async callback(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    const token = parseBody(callbackSchema, body).token?.trim();
    if (!token) throw new ApiException(400, GatewayErrorCode.TOKEN_MISSING, 'No authentication token provided', 'Invalid Token');
    let session: identityV1.Session;
    try {
      session = await this.upstream.identity.consumeMagicLink({ token });
    } catch (err) {
      if (err instanceof RemoteError && !isUnavailable(err) && err.status === GrpcStatus.UNAUTHENTICATED) {
        throw new RemoteError(GrpcStatus.INVALID_ARGUMENT, { ...err.body, details: { description: INVALID_LINK_DESCRIPTION } });
      }
      throw err;
    }
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { status: 'signed_in', message: 'Logged in successfully', user: await this.meService.forUser(session.user!) };
  }

  /**
   * POST /api/auth/logout: revokes the session, clears the cookie and has every gateway close the session's
   * sockets (NATS SESSION_REVOKED_SUBJECT). Always 200.
   */
  @Post('auth/logout')
  @HttpCode(200)
  @UseGuards(OptionalSessionGuard)
  async logout(@CurrentUser() user: SessionUser | undefined, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    if (user) {
      await this.upstream.identity.revokeSession({ sessionId: user.sessionId });
      this.sessions.forget(user.sessionId);
      void this.nats.emit(SESSION_REVOKED_SUBJECT, { v: 1, sessionId: user.sessionId } satisfies SessionRevokedEvent);
    }
    this.sessions.clearCookie(res);
    return { message: 'You have been logged out successfully' };
  }

  /** GET /api/me -> MeResponse (createdAt = Member Since, lastLoginAt = Last Login, host rights). @throws 401 without a session */
  @Get('me')
  @UseGuards(SessionGuard)
  async getMe(@CurrentUser() user: SessionUser): Promise<MeResponse> {
    return this.meService.forUserId(user.userId);
  }

  /**
   * Counts the magic link against the address's and the client's limits (RATE_LIMIT_MAGIC_LINK_*: the same
   * for every address, so a refusal tells nothing about accounts), then asks identity to e-mail it; the
   * answer's state is in `status`, its text in `message`.
   * @throws 429 RATE_LIMITED
   */
  private async sendMagicLink(req: Request, email: string, purpose: 'signin' | 'signup', displayName: string): Promise<AuthResponse> {
    await this.limits.consume('magic_link', req, { email });
    const r = await this.upstream.identity.requestMagicLink({ email, purpose, displayName, baseUrl: this.env.PUBLIC_URL });
    return { status: 'magic_link_sent', purpose, message: r.message };
  }

  /**
   * Revokes the session the request came with, if any (session rotation on sign-in), and has every gateway forget
   * it as live (NATS SESSION_REVOKED_SUBJECT, `replaced`: its sockets stay open).
   */
  private async revokeCurrent(req: Request): Promise<void> {
    const current = await this.sessions.resolve(req.cookies?.[this.sessions.cookieName] as string | undefined).catch(() => null);
    if (!current) return;
    await this.upstream.identity.revokeSession({ sessionId: current.sessionId });
    this.sessions.forget(current.sessionId);
    void this.nats.emit(SESSION_REVOKED_SUBJECT, { v: 1, sessionId: current.sessionId, replaced: true } satisfies SessionRevokedEvent);
  }
}
