import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import { THEME_GRPC_MAX_MESSAGE_BYTES, type ContractService } from '@nightfall/contracts';
import { grpcClientFromEnv, type GrpcMessageLimit } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { ADMIN_CLIENT, BILLING_CLIENT, GAME_CLIENT, IDENTITY_CLIENT, THEME_CLIENT, UpstreamService } from './upstream.service.js';

const client = (name: string, service: ContractService, target: (env: GatewayEnv) => string, limit?: GrpcMessageLimit) =>
  grpcClientFromEnv<GatewayEnv>(name, service, GATEWAY_ENV, target, limit);

/**
 * The gRPC clients of identity, billing, game-engine, admin and theme behind one {@link UpstreamService}
 * (global: every feature module calls the services through it). Exports only that service. The theme
 * client sends and receives messages up to THEME_GRPC_MAX_MESSAGE_BYTES (64 MiB: packs of up to 50 MB);
 * the others keep gRPC's 4 MiB.
 */
@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      client(IDENTITY_CLIENT, 'identity', (env) => env.IDENTITY_GRPC_TARGET),
      client(BILLING_CLIENT, 'billing', (env) => env.BILLING_GRPC_TARGET),
      client(GAME_CLIENT, 'game', (env) => env.GAME_GRPC_TARGET),
      client(ADMIN_CLIENT, 'admin', (env) => env.ADMIN_GRPC_TARGET),
      client(THEME_CLIENT, 'theme', (env) => env.THEME_GRPC_TARGET, { maxMessageBytes: THEME_GRPC_MAX_MESSAGE_BYTES }),
    ]),
  ],
  providers: [UpstreamService],
  exports: [UpstreamService],
})
export class UpstreamModule {}
