import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { firstValueFrom, timeout, type Observable } from 'rxjs';
import { billingV1, identityV1 } from '@nightfall/contracts';
import { decodeRpcError } from '@nightfall/server-kit';
import { ADMIN_ENV, type AdminEnv } from '../env.js';

/** Injection tokens of the gRPC clients. */
export const IDENTITY_CLIENT = 'IDENTITY_CLIENT';
export const BILLING_CLIENT = 'BILLING_CLIENT';

/**
 * Typed access to identity and billing over gRPC (the owners of users and entitlements; the admin
 * service keeps no copy). Every call has a deadline (UPSTREAM_TIMEOUT_MS) and rejects with a decoded
 * `RemoteError`: the owner's own ErrorBody, or SERVICE_UNAVAILABLE when it is down or too slow.
 */
@Injectable()
export class UpstreamService implements OnModuleInit {
  identity!: identityV1.IdentityServiceClient;
  billing!: billingV1.BillingServiceClient;

  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identityClient: ClientGrpc,
    @Inject(BILLING_CLIENT) private readonly billingClient: ClientGrpc,
    @Inject(ADMIN_ENV) private readonly env: AdminEnv,
  ) {}

  onModuleInit(): void {
    this.identity = this.identityClient.getService<identityV1.IdentityServiceClient>(identityV1.IDENTITY_SERVICE_NAME);
    this.billing = this.billingClient.getService<billingV1.BillingServiceClient>(billingV1.BILLING_SERVICE_NAME);
  }

  /** Awaits one gRPC call with the deadline (UPSTREAM_TIMEOUT_MS, ms). @throws RemoteError */
  async call<T>(obs: Observable<T>): Promise<T> {
    try {
      return await firstValueFrom(obs.pipe(timeout(this.env.UPSTREAM_TIMEOUT_MS)));
    } catch (err) {
      throw decodeRpcError(err);
    }
  }
}
