import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import type { EntitlementDto, MeResponse } from '@nightfall/protocol';
import { AdminAccess, type AdminLevel } from '../auth/admin-access.service.js';
import { RightsCache } from '../auth/rights-cache.js';
import { CurrentUser, SessionGuard } from '../auth/guards.js';
import { MeService, toEntitlementDto } from '../auth/me.service.js';
import type { SessionUser } from '../auth/session.service.js';
import { GATEWAY_ENV, isDevMode, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { clientAddress, isLoopback } from '../http/client-address.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/** POST /api/debug/grant-host-manual body: the tier (default permanent). */
const grantSchema = z.object({ tier: z.enum(['permanent', 'pass_48h'], { error: 'tier must be permanent or pass_48h' }).optional() }).passthrough();

/** GET /api/debug/user-status response: who the caller is and how the server runs. */
export interface UserStatus {
  user: MeResponse;
  session: { sessionId: string; isGuest: boolean };
  isAdmin: boolean;
  adminLevel: AdminLevel;
  environment: {
    nodeEnv: string;
    devMode: boolean;
    publicUrl: string;
    checkout: string;
    stripeWebhooks: boolean;
    mail: 'outbox' | 'smtp';
  };
  serverTime: string;
}

/**
 * Debug endpoints of the payment pages and the admin panel (spec 001 section 7). They answer admins
 * (active admin/super_admin entitlement, or an e-mail in ADMIN_EMAILS) anywhere, and every signed-in
 * user on the developer's machine in development (NODE_ENV=development set explicitly, loopback client:
 * docs/architecture.md "Development tools"); everybody else gets 403 'Access Denied'.
 */
@Controller('api/debug')
export class DebugController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly meService: MeService,
    private readonly admin: AdminAccess,
    private readonly rights: RightsCache,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * POST /api/debug/grant-host-manual {tier?} -> {entitlement, granted}: the payment page's manual
   * fallback. Grants the caller a host entitlement (source manual_grant), unless the caller already has
   * host rights that cover it (then the current one is returned with granted false).
   * @throws 401 signed out or guest; 403 'Access Denied' for non-admins but loopback clients in development; 400 bad tier
   */
  @Post('grant-host-manual')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async grantHostManual(@CurrentUser() user: SessionUser, @Body() body: unknown, @Req() req: Request): Promise<{ entitlement: EntitlementDto; granted: boolean }> {
    await this.allow(user, req);
    const tier = parseBody(grantSchema, body).tier ?? 'permanent';
    const access = await this.rights.host(user.userId, 'fresh');
    if (access.hasHostRights && access.entitlement && (access.entitlement.tier === 'permanent' || tier === 'pass_48h')) {
      return { entitlement: toEntitlementDto(access.entitlement), granted: false };
    }
    const e = await this.upstream.billing.grantEntitlement({ userId: user.userId, userEmail: user.email ?? '', type: 'host', tier, source: 'manual_grant' });
    this.rights.forget(user.userId); // before the answer (docs/architecture.md "Rights checks")
    return { entitlement: toEntitlementDto(e), granted: true };
  }

  /**
   * GET /api/debug/user-status -> UserStatus (the admin panel's 'Debug Status').
   * @throws 401 signed out; 403 'Access Denied' for non-admins but loopback clients in development
   */
  @Get('user-status')
  @UseGuards(SessionGuard)
  async userStatus(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<UserStatus> {
    const level = await this.allow(user, req);
    const [me, mode, outbox] = await Promise.all([
      this.meService.forUserId(user.userId),
      this.upstream.billing.getBillingMode({}),
      this.upstream.identity.listOutbox({ limit: 1 }),
    ]);
    return {
      user: me,
      session: { sessionId: user.sessionId, isGuest: user.isGuest },
      isAdmin: level !== null,
      adminLevel: level,
      environment: {
        nodeEnv: this.env.NODE_ENV ?? '',
        devMode: isDevMode(this.env),
        publicUrl: this.env.PUBLIC_URL,
        checkout: mode.checkout,
        stripeWebhooks: mode.webhooks,
        mail: outbox.mailMode === 'smtp' ? 'smtp' : 'outbox',
      },
      serverTime: new Date().toISOString(),
    };
  }

  /**
   * Lets admins through, and in development the developer's own machine (a loopback client).
   * @returns the admin level @throws 401 guests; 403 everybody else
   */
  private async allow(user: SessionUser, req: Request): Promise<AdminLevel> {
    if (user.isGuest) throw new ApiException(401, GatewayErrorCode.SIGN_IN_REQUIRED, 'Please sign in.');
    const level = await this.admin.level(user);
    if (level === null && !(isDevMode(this.env) && isLoopback(clientAddress(req)))) {
      throw new ApiException(403, GatewayErrorCode.ACCESS_DENIED, "You don't have permission to access this page.", 'Access Denied');
    }
    return level;
  }
}
