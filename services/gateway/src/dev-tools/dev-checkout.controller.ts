import { Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { billingV1 } from '@nightfall/contracts';
import { GrpcStatus, RemoteError, httpStatusOf, isUuid } from '@nightfall/server-kit';
import { CurrentUser, OptionalSessionGuard } from '../auth/guards.js';
import type { SessionUser } from '../auth/session.service.js';
import { devPage, escapeHtml, formatPrice } from './dev-page.js';
import { LoopbackOnlyGuard } from './loopback-only.guard.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { RightsCache } from '../auth/rights-cache.js';

/**
 * The local TEST checkout of development mode (no STRIPE_SECRET_KEY, NODE_ENV not production):
 * GET /dev/checkout?session=<id> shows the product and price, clearly marked as a test payment, with a
 * 'Complete test payment' button and a cancel link; the button (POST /dev/checkout/complete) grants a
 * `test` entitlement through billing's fulfilment path (the same one as the Stripe webhook) and
 * redirects to /purchase/success. Registered only in development (DevToolsModule), for loopback clients
 * only (LoopbackOnlyGuard).
 */
@Controller('dev/checkout')
@UseGuards(LoopbackOnlyGuard)
export class DevCheckoutController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly rights: RightsCache,
  ) {}

  /** GET /dev/checkout?session=<id>: the test payment page (404 for another machine, or for a Stripe checkout). */
  @Get()
  @UseGuards(OptionalSessionGuard)
  async page(@Query('session') id: string | undefined, @CurrentUser() user: SessionUser | undefined, @Res() res: Response): Promise<void> {
    const checkout = await this.load(id, res);
    if (!checkout) return;
    const price = formatPrice(checkout.amountCents, checkout.currency);
    const successUrl = `/purchase/success?session_id=${encodeURIComponent(checkout.id)}`;
    const owner = user?.userId === checkout.userId;
    let action: string;
    if (checkout.status === 'completed') {
      action = `<p>This test payment is already complete.</p><p><a href="${escapeHtml(successUrl)}">Continue</a></p>`;
    } else if (!owner) {
      action = `<p class="banner error">Sign in as the account that started this checkout to complete it.</p>
<p><button type="button" disabled>Complete test payment</button> &nbsp; <a href="/purchase/cancel">Cancel</a></p>`;
    } else {
      action = `<form method="post" action="/dev/checkout/complete?session=${encodeURIComponent(checkout.id)}">
<button type="submit">Complete test payment</button> &nbsp; <a href="/purchase/cancel">Cancel</a>
</form>`;
    }
    const body = `<div class="banner"><strong>TEST PAYMENT</strong> — Stripe is not configured (no STRIPE_SECRET_KEY), so no card is asked for and
no real money is charged. Completing it grants a <code>test</code> host entitlement.</div>
<div class="card">
<div class="muted">Product</div>
<h2>${escapeHtml(checkout.productName)}</h2>
<div class="price">${escapeHtml(price)}</div>
<p class="muted">${checkout.tier === 'pass_48h' ? 'Create rooms for 48 hours' : 'One-time purchase • Create unlimited rooms'}</p>
<p class="muted">Checkout ${escapeHtml(checkout.id)}${user?.email ? ` · signed in as ${escapeHtml(user.email)}` : ''}</p>
</div>
${action}`;
    res.status(200).type('html').setHeader('Cache-Control', 'no-store').send(devPage('Test checkout', body));
  }

  /**
   * POST /dev/checkout/complete?session=<id>: completes the test payment for its own user and redirects
   * (303) to /purchase/success?session_id=<id>. Errors are shown as a page.
   */
  @Post('complete')
  @UseGuards(OptionalSessionGuard)
  async complete(@Query('session') id: string | undefined, @CurrentUser() user: SessionUser | undefined, @Res() res: Response): Promise<void> {
    const checkout = await this.load(id, res);
    if (!checkout) return;
    if (!user) {
      this.error(res, 401, 'Please sign in first', 'Sign in with the account that started this checkout, then try again.');
      return;
    }
    try {
      await this.upstream.billing.completeTestCheckout({ id: checkout.id, userId: user.userId });
      this.rights.forget(user.userId); // before the answer (docs/architecture.md "Rights checks")
    } catch (err) {
      if (err instanceof RemoteError) {
        this.error(res, httpStatusOf(err.status), err.body.title, err.body.message);
        return;
      }
      throw err;
    }
    res.redirect(303, `/purchase/success?session_id=${encodeURIComponent(checkout.id)}`);
  }

  /** Reads a test checkout, or answers 404 (and returns null) when there is none to show. */
  private async load(id: string | undefined, res: Response): Promise<billingV1.CheckoutSession | null> {
    if (!isUuid(id)) {
      this.error(res, 404, 'Checkout not found', 'There is no test checkout here.');
      return null;
    }
    try {
      const checkout = await this.upstream.billing.getCheckoutSession({ id });
      if (checkout.mode === 'test') return checkout;
    } catch (err) {
      if (!(err instanceof RemoteError) || err.status !== GrpcStatus.NOT_FOUND) throw err;
    }
    this.error(res, 404, 'Checkout not found', 'There is no test checkout here.');
    return null;
  }

  /** An HTML error page. */
  private error(res: Response, status: number, title: string, message: string): void {
    res
      .status(status)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(devPage(title, `<div class="banner error">${escapeHtml(message)}</div><p><a href="/">Home</a></p>`));
  }
}
