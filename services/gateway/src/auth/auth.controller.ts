import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { identityV1 } from '@nightfall/contracts';
import { credentialsSchema, type EntitlementDto, type MeResponse } from '@nightfall/protocol';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { CurrentUser, LocalAuthGuard, OptionalSessionGuard, SessionGuard } from './guards.js';
import { SessionService, type SessionUser } from './session.service.js';

/** Account endpoints of spec 001 section 7 (password method; magic links come with a later issue). */
@Controller('api')
export class AuthController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * POST /api/auth/signup {email, password, displayName?} -> {message, user}.
   * @throws 400 on bad e-mail or a password under 6 characters; 409 'Email Already Registered'
   */
  @Post('auth/signup')
  @HttpCode(200)
  async signup(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string; user: MeResponse }> {
    const input = parseBody(credentialsSchema, body);
    if (!input.password || input.password.length < 6) {
      throw new ApiException(400, 'PASSWORD_TOO_SHORT', 'Signup Failed', 'Password must be at least 6 characters');
    }
    const session = await this.upstream.call(
      this.upstream.identity.signUpWithPassword({ email: input.email, password: input.password, displayName: input.displayName ?? '' }),
    );
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { message: 'Account created successfully', user: await this.me(session.user!) };
  }

  /** POST /api/auth/login {email, password} -> {message, user}; rotates the session. @throws 401 'Login Failed' */
  @Post('auth/login')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  async login(@Req() req: Request & { user: identityV1.Session }, @Res({ passthrough: true }) res: Response): Promise<{ message: string; user: MeResponse }> {
    const session = req.user;
    await this.revokeCurrent(req);
    this.sessions.setCookie(res, session);
    return { message: 'Logged in successfully', user: await this.me(session.user!) };
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

  /** GET /api/me -> MeResponse. @throws 401 without a session */
  @Get('me')
  @UseGuards(SessionGuard)
  async getMe(@CurrentUser() user: SessionUser): Promise<MeResponse> {
    return this.me(await this.upstream.call(this.upstream.identity.getUser({ userId: user.userId })));
  }

  /** Revokes the session the request came with, if any (session rotation on sign-in). */
  private async revokeCurrent(req: Request): Promise<void> {
    const current = await this.sessions.resolve(req.cookies?.[this.sessions.cookieName] as string | undefined).catch(() => null);
    if (current) await this.upstream.call(this.upstream.identity.revokeSession({ sessionId: current.sessionId }));
  }

  /** Builds the /api/me body: user + entitlements + host rights from billing. */
  private async me(user: identityV1.User): Promise<MeResponse> {
    const [list, access] = user.isGuest
      ? [{ entitlements: [] }, { hasHostRights: false, entitlement: undefined }]
      : await Promise.all([
          this.upstream.call(this.upstream.billing.listEntitlements({ userId: user.id })),
          this.upstream.call(this.upstream.billing.getHostAccess({ userId: user.id })),
        ]);
    return {
      id: user.id,
      email: user.email || null,
      displayName: user.displayName,
      isGuest: user.isGuest,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt || null,
      entitlements: (list.entitlements ?? []).map(toEntitlementDto),
      hostEntitlement: access.entitlement ? toEntitlementDto(access.entitlement) : null,
      hasHostRights: access.hasHostRights,
    };
  }
}

/** Wire entitlement -> REST DTO ('' -> null). */
export function toEntitlementDto(e: { id: string; type: string; tier: string; status: string; source: string; createdAt: string; expiresAt: string; revokedAt: string }): EntitlementDto {
  return {
    id: e.id,
    type: e.type as EntitlementDto['type'],
    tier: e.tier as EntitlementDto['tier'],
    status: e.status as EntitlementDto['status'],
    source: e.source as EntitlementDto['source'],
    createdAt: e.createdAt,
    expiresAt: e.expiresAt || null,
    revokedAt: e.revokedAt || null,
  };
}
