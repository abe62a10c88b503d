import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limits.service.js';
import { SocketMessageBudget } from './socket-message-budget.service.js';

/**
 * Rate limits shared across gateway replicas, counted in PostgreSQL (docs/architecture.md "Rate limits").
 * Global, like the upstream clients: rooms, auth and checkout count their requests through
 * {@link RateLimitService}, and the realtime channel its messages through {@link SocketMessageBudget}.
 */
@Global()
@Module({ providers: [RateLimitService, SocketMessageBudget], exports: [RateLimitService, SocketMessageBudget] })
export class RateLimitsModule {}
