import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import type { ContractService } from '@nightfall/contracts';
import { grpcClientFromEnv } from '@nightfall/server-kit';
import { ADMIN_ENV, type AdminEnv } from '../env.js';
import { BILLING_CLIENT, IDENTITY_CLIENT, UpstreamService } from './upstream.service.js';

const client = (name: string, service: ContractService, target: (env: AdminEnv) => string) => grpcClientFromEnv<AdminEnv>(name, service, ADMIN_ENV, target);

/**
 * The gRPC clients of identity and billing behind one {@link UpstreamService} (global: every feature
 * module asks the owners through it). Exports only that service.
 */
@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      client(IDENTITY_CLIENT, 'identity', (env) => env.IDENTITY_GRPC_TARGET),
      client(BILLING_CLIENT, 'billing', (env) => env.BILLING_GRPC_TARGET),
    ]),
  ],
  providers: [UpstreamService],
  exports: [UpstreamService],
})
export class UpstreamModule {}
