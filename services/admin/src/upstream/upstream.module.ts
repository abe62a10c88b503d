import { Global, Module } from '@nestjs/common';
import { ClientsModule, type ClientProvider } from '@nestjs/microservices';
import type { ContractService } from '@nightfall/contracts';
import { grpcClientOptions } from '@nightfall/server-kit';
import { ADMIN_ENV, type AdminEnv } from '../env.js';
import { BILLING_CLIENT, IDENTITY_CLIENT, UpstreamService } from './upstream.service.js';

/** One gRPC client registration whose target comes from the validated environment. */
const client = (name: string, service: ContractService, target: (env: AdminEnv) => string) => ({
  name,
  inject: [ADMIN_ENV],
  useFactory: (env: AdminEnv): ClientProvider => {
    const { name: _name, ...options } = grpcClientOptions(name, service, target(env));
    return options as ClientProvider;
  },
});

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
