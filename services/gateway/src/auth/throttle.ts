import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { DynamicModule } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { rateLimited } from '../rate-limits/rate-limits.service.js';

/** Name of the throttler that limits the sign-in endpoints. */
export const AUTH_THROTTLER = 'auth';

/**
 * @nestjs/throttler for the sign-in endpoints: AUTH_RATE_LIMIT requests per client IP per
 * AUTH_RATE_WINDOW_MS (in memory, per gateway replica); AUTH_RATE_LIMIT=0 turns it off.
 */
export function authThrottlerModule(): DynamicModule {
  return ThrottlerModule.forRootAsync({
    inject: [GATEWAY_ENV],
    useFactory: (env: GatewayEnv) => ({
      throttlers: [{ name: AUTH_THROTTLER, ttl: env.AUTH_RATE_WINDOW_MS, limit: Math.max(1, env.AUTH_RATE_LIMIT) }],
      skipIf: () => env.AUTH_RATE_LIMIT === 0,
    }),
  });
}

/** ThrottlerGuard whose 429 body is `{code:'RATE_LIMITED', title:'Too Many Requests', message}`. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  /** @throws ApiException 429 RATE_LIMITED */
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw rateLimited(1000 * (detail.timeToBlockExpire || detail.timeToExpire || 1));
  }
}
