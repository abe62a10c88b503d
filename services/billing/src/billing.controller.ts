import { Controller } from '@nestjs/common';
import { billingV1 } from '@nightfall/contracts';
import { BillingService } from './billing.service.js';

/** gRPC adapter of `nightfall.billing.v1.BillingService`. */
@Controller()
@billingV1.BillingServiceControllerMethods()
export class BillingController implements billingV1.BillingServiceController {
  constructor(private readonly billing: BillingService) {}

  getHostAccess(req: billingV1.GetHostAccessRequest): Promise<billingV1.GetHostAccessResponse> {
    return this.billing.hostAccess(req.userId);
  }

  async listEntitlements(req: billingV1.ListEntitlementsRequest): Promise<billingV1.ListEntitlementsResponse> {
    return { entitlements: await this.billing.list(req.userId) };
  }

  grantEntitlement(req: billingV1.GrantEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.billing.grant(req);
  }
}
