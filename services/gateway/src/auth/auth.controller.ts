import { Body, Controller, Get, HttpCode, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { identityV1 } from '@nightfall/contracts';
import { credentialsSchema, type MeResponse } from '@nightfall/protocol';
import { RemoteError } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
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
 * callback, logout and /api/me. login, signup and callback are rate-limited per IP (AUTH_RATE_LIMIT).
 */
@Controller('api')
export class AuthController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly sessions: SessionService,
    private readonly meService: MeService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * POST /api/auth/signup {email, password?, displayName?}.
   * - With a password: creates the account and signs in -> {message:'Account created successfully', user}.
   * - Without: e-mails a sign-up link (the account is created when it is followed) -> {message:'Check your email to complete signup'}.
   * @throws 400 bad e-mail, password under 6 characters or bad name; 409 'Email Already Registered'; 429 RATE_LIMITED
   */
  @Post('auth/signup')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  async signup(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string; user?: MeResponse }> {
    const input = parseBody(credentialsSchema, body);
    if (!input.password) {
      return this.upstream.call(
        this.upstream.identity.requestMagicLink({ email: input.email, purpose: 'signup', displayName: input.displayName ?? '', baseUrl: this.env.PUBLIC_URL }),
      );
    }
    if (input.password.length < 6) {
      throw new ApiException(400, 'PASSWORD_TOO_SHORT', 'Signup Failed', 'Password must be at least 6 characters');
    }
    const session = await this.upstream.call(
      this.upstream.identity.signUpWithPassword({ email: input.email, password: input.password, displayName: input.displayName ?? '' }),
    );
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { message: 'Account created successfully', user: await this.meService.forUser(session.user!) };
  }

  /**
   * POST /api/auth/login {email, password?}.
   * - With a password (passport-local, argon2 in identity): rotates the session -> {message:'Logged in successfully', user}.
   * - Without: e-mails a magic link -> {message:'Check your email for the sign-in link'}. The answer is the
   *   same for unknown e-mails (they get a sign-up link), so it never reveals whether an account exists.
   * @throws 401 'Login Failed' / 'Invalid email or password'; 400 bad e-mail (magic link); 429 RATE_LIMITED
   */
  @Post('auth/login')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard, LocalAuthGuard)
  async login(@Body() body: unknown, @Req() req: Request & { user?: identityV1.Session }, @Res({ passthrough: true }) res: Response): Promise<{ message: string; user?: MeResponse }> {
    const session = req.user;
    if (!session) {
      const input = parseBody(credentialsSchema, body);
      return this.upstream.call(this.upstream.identity.requestMagicLink({ email: input.email, purpose: 'signin', displayName: '', baseUrl: this.env.PUBLIC_URL }));
    }
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { message: 'Logged in successfully', user: await this.meService.forUser(session.user!) };
  }

  /**
   * POST /api/auth/callback {token}: uses a magic-link token once, rotates the session and sets the cookie
   * -> {message:'Logged in successfully', user}.
   * @throws 400 TOKEN_MISSING 'No authentication token provided'; 400 INVALID_TOKEN (title 'Invalid Token',
   *   message 'Invalid or expired authentication link', description 'The login link is invalid or expired'); 429
   */
  @Post('auth/callback')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  async callback(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string; user: MeResponse }> {
    const token = parseBody(callbackSchema, body).token?.trim();
    if (!token) throw new ApiException(400, 'TOKEN_MISSING', 'Invalid Token', 'No authentication token provided');
    let session: identityV1.Session;
    try {
      session = await this.upstream.call(this.upstream.identity.consumeMagicLink({ token }));
    } catch (err) {
      if (err instanceof RemoteError && err.body.code === 'INVALID_TOKEN') {
        throw new HttpException({ ...err.body, description: INVALID_LINK_DESCRIPTION }, 400);
      }
      throw err;
    }
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { message: 'Logged in successfully', user: await this.meService.forUser(session.user!) };
  }

  /** POST /api/auth/logout: revokes the session and clears the cookie. Always 200. */
  @Post('auth/logout')
  @HttpCode(200)
  @UseGuards(OptionalSessionGuard)
  async logout(@CurrentUser() user: SessionUser | undefined, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    if (user) await this.upstream.call(this.upstream.identity.revokeSession({ sessionId: user.sessionId }));
    this.sessions.clearCookie(res);
    return { message: 'You have been logged out successfully' };
  }

  /** GET /api/me -> MeResponse (createdAt = Member Since, lastLoginAt = Last Login, host rights). @throws 401 without a session */
  @Get('me')
  @UseGuards(SessionGuard)
  async getMe(@CurrentUser() user: SessionUser): Promise<MeResponse> {
    return this.meService.forUserId(user.userId);
  }

  /** Revokes the session the request came with, if any (session rotation on sign-in). */
  private async revokeCurrent(req: Request): Promise<void> {
    const current = await this.sessions.resolve(req.cookies?.[this.sessions.cookieName] as string | undefined).catch(() => null);
    if (current) await this.upstream.call(this.upstream.identity.revokeSession({ sessionId: current.sessionId }));
  }
}
