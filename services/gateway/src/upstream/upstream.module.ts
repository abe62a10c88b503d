import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import type { ContractService } from '@nightfall/contracts';
import { grpcClientFromEnv } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { ADMIN_CLIENT, BILLING_CLIENT, GAME_CLIENT, IDENTITY_CLIENT, UpstreamService } from './upstream.service.js';

const client = (name: string, service: ContractService, target: (env: GatewayEnv) => string) => grpcClientFromEnv<GatewayEnv>(name, service, GATEWAY_ENV, target);

/**
 * The gRPC clients of identity, billing, game-engine and admin behind one {@link UpstreamService} (global:
 * every feature module calls the services through it). Exports only that service.
 */
@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      client(IDENTITY_CLIENT, 'identity', (env) => env.IDENTITY_GRPC_TARGET),
      client(BILLING_CLIENT, 'billing', (env) => env.BILLING_GRPC_TARGET),
      client(GAME_CLIENT, 'game', (env) => env.GAME_GRPC_TARGET),
      client(ADMIN_CLIENT, 'admin', (env) => env.ADMIN_GRPC_TARGET),
    ]),
  ],
  providers: [UpstreamService],
  exports: [UpstreamService],
})
export class UpstreamModule {}
