import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { firstValueFrom, timeout, type Observable } from 'rxjs';
import { adminV1, billingV1, gameV1, identityV1, themeV1 } from '@nightfall/contracts';
import { decodeRpcError } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';

/** Injection tokens of the gRPC clients. */
export const IDENTITY_CLIENT = 'IDENTITY_CLIENT';
export const BILLING_CLIENT = 'BILLING_CLIENT';
export const GAME_CLIENT = 'GAME_CLIENT';
export const ADMIN_CLIENT = 'ADMIN_CLIENT';
export const THEME_CLIENT = 'THEME_CLIENT';

/**
 * Typed access to the identity, billing, game-engine, admin and theme services over gRPC. Every call has a
 * deadline (UPSTREAM_TIMEOUT_MS) and rejects with a decoded `RemoteError`: the service's own
 * ErrorBody, or SERVICE_UNAVAILABLE (HTTP 503) when the service is down or too slow.
 */
@Injectable()
export class UpstreamService implements OnModuleInit {
  identity!: identityV1.IdentityServiceClient;
  billing!: billingV1.BillingServiceClient;
  game!: gameV1.GameServiceClient;
  admin!: adminV1.AdminServiceClient;
  theme!: themeV1.ThemeServiceClient;

  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identityClient: ClientGrpc,
    @Inject(BILLING_CLIENT) private readonly billingClient: ClientGrpc,
    @Inject(GAME_CLIENT) private readonly gameClient: ClientGrpc,
    @Inject(ADMIN_CLIENT) private readonly adminClient: ClientGrpc,
    @Inject(THEME_CLIENT) private readonly themeClient: ClientGrpc,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  onModuleInit(): void {
    this.identity = this.identityClient.getService<identityV1.IdentityServiceClient>(identityV1.IDENTITY_SERVICE_NAME);
    this.billing = this.billingClient.getService<billingV1.BillingServiceClient>(billingV1.BILLING_SERVICE_NAME);
    this.game = this.gameClient.getService<gameV1.GameServiceClient>(gameV1.GAME_SERVICE_NAME);
    this.admin = this.adminClient.getService<adminV1.AdminServiceClient>(adminV1.ADMIN_SERVICE_NAME);
    this.theme = this.themeClient.getService<themeV1.ThemeServiceClient>(themeV1.THEME_SERVICE_NAME);
  }

  /**
   * Awaits one gRPC call with the deadline. @throws RemoteError
   * @param timeoutMs the deadline in ms: UPSTREAM_TIMEOUT_MS unless given (PACK_TRANSFER_TIMEOUT_MS for theme packs)
   */
  async call<T>(obs: Observable<T>, timeoutMs: number = this.env.UPSTREAM_TIMEOUT_MS): Promise<T> {
    try {
      return await firstValueFrom(obs.pipe(timeout(timeoutMs)));
    } catch (err) {
      throw decodeRpcError(err);
    }
  }
}
