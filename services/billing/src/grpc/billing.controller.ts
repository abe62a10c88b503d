import { Controller } from '@nestjs/common';
import { billingV1 } from '@nightfall/contracts';
import { counter, countOutcome } from '@nightfall/server-kit';
import { CheckoutService } from '../checkout/checkout.service.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';

/**
 * gRPC adapter of `nightfall.billing.v1.BillingService` (proto/nightfall/billing/v1; docs/architecture.md
 * "Services"). It only delegates to the feature services; every error is an `ErrorBody` with a
 * `BillingErrorCode` or `CommonErrorCode` (docs/architecture.md "Errors").
 */
/** Checkout tiers counted under their own name; anything else is `other`. */
const TIERS = new Set(['permanent', 'pass_48h']);
/** `nightfall_billing_checkouts_total{tier, outcome}`: checkouts started (docs/architecture.md "Metrics and traces"). */
const checkouts = counter('nightfall_billing_checkouts_total', 'Checkout sessions started, by tier (permanent, pass_48h) and outcome (ok, rejected, error).', ['tier', 'outcome']);
/** `nightfall_billing_webhooks_total{outcome}`: Stripe webhooks by what they did. */
const webhooks = counter('nightfall_billing_webhooks_total', 'Stripe webhooks received, by outcome (granted, revoked, duplicate, recorded, rejected: bad signature or payload, error).', ['outcome']);

/** What a handled webhook did. */
function webhookOutcome(res: billingV1.HandleStripeWebhookResponse): string {
  return res.duplicate ? 'duplicate' : res.granted ? 'granted' : res.revoked ? 'revoked' : 'recorded';
}

@Controller()
@billingV1.BillingServiceControllerMethods()
export class BillingController implements billingV1.BillingServiceController {
  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhooksService,
  ) {}

  /** GetHostAccess: whether the user may host now, and the entitlement that counts (spec 001 section 4). */
  getHostAccess(req: billingV1.GetHostAccessRequest): Promise<billingV1.GetHostAccessResponse> {
    return this.entitlements.hostAccess(req.userId);
  }

  /** ListEntitlements: a user's entitlements, newest first, with derived statuses. */
  async listEntitlements(req: billingV1.ListEntitlementsRequest): Promise<billingV1.ListEntitlementsResponse> {
    return { entitlements: await this.entitlements.list(req.userId) };
  }

  /**
   * GrantEntitlement: an active entitlement of type host, admin or super_admin (a pass_48h lasts
   * 48 h); announced on `billing.entitlement.granted`. @throws INVALID_ARGUMENT `INVALID_GRANT`
   */
  grantEntitlement(req: billingV1.GrantEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.entitlements.grant(req);
  }

  /** RevokeEntitlement: revokes an entitlement (idempotent; announced once on `billing.entitlement.revoked`). @throws NOT_FOUND `ENTITLEMENT_NOT_FOUND` */
  revokeEntitlement(req: billingV1.RevokeEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.entitlements.revoke(req.entitlementId);
  }

  /** CreateCheckoutSession: a Stripe Checkout Session, or the local test checkout in development. @throws `CHECKOUT_FAILED` */
  createCheckoutSession(req: billingV1.CreateCheckoutSessionRequest): Promise<billingV1.CheckoutSession> {
    return countOutcome(checkouts, { tier: TIERS.has(req.tier) ? req.tier : 'other' }, () => this.checkout.create(req));
  }

  /** GetCheckoutSession: a stored checkout by our id or its Stripe session id. @throws NOT_FOUND `CHECKOUT_NOT_FOUND` */
  getCheckoutSession(req: billingV1.GetCheckoutSessionRequest): Promise<billingV1.CheckoutSession> {
    return this.checkout.get(req.id);
  }

  /** CompleteTestCheckout: grants the `test` entitlement of a development checkout (same path as the webhook). */
  completeTestCheckout(req: billingV1.CompleteTestCheckoutRequest): Promise<billingV1.FulfillmentResponse> {
    return this.checkout.completeTest(req.id, req.userId);
  }

  /** HandleStripeWebhook: verifies the signature and applies the event once per event id. */
  handleStripeWebhook(req: billingV1.HandleStripeWebhookRequest): Promise<billingV1.HandleStripeWebhookResponse> {
    return countOutcome(webhooks, {}, () => this.webhooks.handle(req.payload, req.signature), webhookOutcome);
  }

  /** GetBillingMode: stripe, test or disabled, and whether webhooks are configured. */
  getBillingMode(): billingV1.GetBillingModeResponse {
    return { checkout: this.checkout.mode, webhooks: this.webhooks.enabled };
  }

  /**
   * SearchEntitlements: every user's entitlements, newest first, filtered by derived status and by a
   * user id, entitlement id or part of the holder's e-mail; `limit` (1-100) from `offset`, with the total.
   * @throws INVALID_ARGUMENT `INVALID_INPUT` (unknown status, paging)
   */
  searchEntitlements(req: billingV1.SearchEntitlementsRequest): Promise<billingV1.SearchEntitlementsResponse> {
    return this.entitlements.search(req.status, req.query, req.offset, req.limit);
  }

  /**
   * GetHostAccessMany: GetHostAccess and the active entitlement types of up to 500 users, one query.
   * @throws INVALID_ARGUMENT `INVALID_INPUT` (over 500 ids)
   */
  async getHostAccessMany(req: billingV1.GetHostAccessManyRequest): Promise<billingV1.GetHostAccessManyResponse> {
    return { users: await this.entitlements.hostAccessMany(req.userIds ?? []) };
  }
}
