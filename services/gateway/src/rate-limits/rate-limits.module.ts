import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limits.service.js';

/**
 * Rate limits shared across gateway replicas, counted in PostgreSQL (docs/architecture.md "Rate limits").
 * Global, like the upstream clients: rooms, auth and checkout count their requests through
 * {@link RateLimitService}, its only export.
 */
@Global()
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitsModule {}
