import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, GRPCHealthIndicator, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { RealtimeHub } from '../realtime/realtime-hub.service.js';

/** Gateway health (@nestjs/terminus): `/health/live`, and `/health/ready` = NATS + each upstream's gRPC health. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly grpc: GRPCHealthIndicator,
    private readonly hub: RealtimeHub,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /** 503 unless NATS is connected and identity, billing and game-engine answer grpc.health.v1 SERVING. */
  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    const upstream = (key: string, url: string, service: string) => () =>
      this.grpc.checkService(key, service, { url, timeout: 1000, healthServiceName: 'Health', package: 'grpc.health.v1' } as never);
    return this.health.check([
      async (): Promise<HealthIndicatorResult> => {
        await this.hub.connection();
        return { nats: { status: this.hub.connected ? 'up' : 'down' } };
      },
      upstream('identity', this.env.IDENTITY_GRPC_TARGET, 'nightfall.identity.v1.IdentityService'),
      upstream('billing', this.env.BILLING_GRPC_TARGET, 'nightfall.billing.v1.BillingService'),
      upstream('game', this.env.GAME_GRPC_TARGET, 'nightfall.game.v1.GameService'),
    ]);
  }
}
