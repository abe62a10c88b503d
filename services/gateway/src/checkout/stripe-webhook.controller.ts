import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/** Answer to Stripe (any 2xx means "delivered"; 400 makes Stripe retry and shows the error in its dashboard). */
export interface StripeWebhookAck {
  received: true;
  eventId: string;
  duplicate: boolean;
  granted: boolean;
  /** A refund or dispute revoked the entitlement its payment granted (docs/architecture.md "Payments: refunds and disputes"). */
  revoked: boolean;
}

/**
 * POST /api/stripe/webhook: Stripe's webhook endpoint. The body arrives RAW (main.ts mounts
 * express.raw on this path only) and is forwarded to billing over gRPC with the Stripe-Signature
 * header; billing verifies it with STRIPE_WEBHOOK_SECRET and applies the event once per event id.
 */
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly upstream: UpstreamService) {}

  /**
   * Forwards the raw payload and signature to billing.
   * @throws 400 INVALID_SIGNATURE (forged or unsigned) or a non-raw body; 400 WEBHOOKS_DISABLED without STRIPE_WEBHOOK_SECRET
   */
  @Post('webhook')
  @HttpCode(200)
  async webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<StripeWebhookAck> {
    const payload = req.body as unknown;
    if (!Buffer.isBuffer(payload) || payload.length === 0) {
      throw new ApiException(400, GatewayErrorCode.INVALID_PAYLOAD, 'The webhook needs the raw request body');
    }
    const r = await this.upstream.billing.handleStripeWebhook({ payload, signature: signature ?? '' });
    return { received: true, eventId: r.eventId, duplicate: r.duplicate, granted: r.granted, revoked: r.revoked };
  }
}
