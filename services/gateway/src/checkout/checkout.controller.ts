import { Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { RemoteError, isUnavailable } from '@nightfall/server-kit';
import { CurrentUser, SessionGuard } from '../auth/guards.js';
import type { SessionUser } from '../auth/session.service.js';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/** Response of the checkout endpoints: where the browser goes next (Stripe Checkout or the local test page). */
export interface CheckoutResponse {
  checkoutUrl: string;
}

/**
 * Host purchase (spec 001 sections 4 and 7): starts a checkout in billing and returns its URL.
 * Stripe mode: a Stripe Checkout URL. Development mode (no STRIPE_SECRET_KEY): `/dev/checkout?session=<id>`.
 */
@Controller('api/checkout')
export class CheckoutController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly limits: RateLimitService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * POST /api/checkout/host -> {checkoutUrl}: permanent host unlock ($9.99).
   * @throws 401 signed out or guest; 429 RATE_LIMITED (RATE_LIMIT_CHECKOUT_*); 4xx/5xx 'Failed to start checkout'
   */
  @Post('host')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  host(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<CheckoutResponse> {
    return this.start(user, 'permanent', req);
  }

  /** POST /api/checkout/host-pass-48h -> {checkoutUrl}: 48-hour host pass ($1.99). @throws as `host` */
  @Post('host-pass-48h')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  hostPass(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<CheckoutResponse> {
    return this.start(user, 'pass_48h', req);
  }

  /**
   * Counts the checkout against the user's and the client address's limits (every checkout opens a
   * Stripe Checkout Session), then creates it in billing; every billing failure carries the title
   * 'Failed to start checkout'.
   */
  private async start(user: SessionUser, tier: 'permanent' | 'pass_48h', req: Request): Promise<CheckoutResponse> {
    if (user.isGuest) throw new ApiException(401, GatewayErrorCode.SIGN_IN_REQUIRED, 'Please sign in to buy host access', 'Failed to start checkout');
    await this.limits.consume('checkout', req, { userId: user.userId });
    try {
      const session = await this.upstream.billing.createCheckoutSession({ userId: user.userId, userEmail: user.email ?? '', tier, baseUrl: this.env.PUBLIC_URL });
      return { checkoutUrl: session.checkoutUrl };
    } catch (err) {
      if (err instanceof RemoteError) {
        const upstreamDown = isUnavailable(err) || err.body.code === GatewayErrorCode.INTERNAL;
        throw new RemoteError(err.status, { code: err.body.code, title: 'Failed to start checkout', message: upstreamDown ? 'Please try again later' : err.body.message });
      }
      throw err;
    }
  }
}
