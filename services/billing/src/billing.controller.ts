import { Controller } from '@nestjs/common';
import { billingV1 } from '@nightfall/contracts';
import { BillingService } from './billing.service.js';
import { CheckoutService } from './checkout.service.js';

/** gRPC adapter of `nightfall.billing.v1.BillingService` (see proto/nightfall/billing/v1). */
@Controller()
@billingV1.BillingServiceControllerMethods()
export class BillingController implements billingV1.BillingServiceController {
  constructor(
    private readonly billing: BillingService,
    private readonly checkout: CheckoutService,
  ) {}

  getHostAccess(req: billingV1.GetHostAccessRequest): Promise<billingV1.GetHostAccessResponse> {
    return this.billing.hostAccess(req.userId);
  }

  async listEntitlements(req: billingV1.ListEntitlementsRequest): Promise<billingV1.ListEntitlementsResponse> {
    return { entitlements: await this.billing.list(req.userId) };
  }

  grantEntitlement(req: billingV1.GrantEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.billing.grant(req);
  }

  /** RevokeEntitlement: revokes an entitlement (idempotent). */
  revokeEntitlement(req: billingV1.RevokeEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.billing.revoke(req.entitlementId);
  }

  /** CreateCheckoutSession: a Stripe Checkout Session, or the local test checkout in development. */
  createCheckoutSession(req: billingV1.CreateCheckoutSessionRequest): Promise<billingV1.CheckoutSession> {
    return this.checkout.create(req);
  }

  /** GetCheckoutSession: a stored checkout by our id or its Stripe session id. */
  getCheckoutSession(req: billingV1.GetCheckoutSessionRequest): Promise<billingV1.CheckoutSession> {
    return this.checkout.get(req.id);
  }

  /** CompleteTestCheckout: grants the `test` entitlement of a development checkout (same path as the webhook). */
  completeTestCheckout(req: billingV1.CompleteTestCheckoutRequest): Promise<billingV1.FulfillmentResponse> {
    return this.checkout.completeTest(req.id, req.userId);
  }

  /** HandleStripeWebhook: verifies the signature and applies the event once per event id. */
  handleStripeWebhook(req: billingV1.HandleStripeWebhookRequest): Promise<billingV1.HandleStripeWebhookResponse> {
    return this.checkout.handleWebhook(req.payload, req.signature);
  }

  /** GetBillingMode: stripe, test or disabled, and whether webhooks are configured. */
  getBillingMode(): billingV1.GetBillingModeResponse {
    return { checkout: this.checkout.mode, webhooks: Boolean(this.checkout.webhooksEnabled) };
  }
}
