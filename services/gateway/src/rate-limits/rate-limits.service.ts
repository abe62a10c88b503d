import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Request } from 'express';
import pg from 'pg';
import { registerPoolMetrics, type PgPoolLike } from '@nightfall/server-kit';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { GATEWAY_ENV, isDevMode, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { addressKey, clientAddress, isLoopback } from '../http/client-address.js';
import { ApiException } from '../http/errors.filter.js';

/** The requests limited across replicas (docs/architecture.md "Rate limits"). */
export type LimitedAction = 'room_join' | 'room_create' | 'magic_link' | 'checkout';

/** Who a limit counts: the session's user, the e-mail address a magic link goes to, or the client address. */
type Subject = 'user' | 'email' | 'ip';

/** Table of the counters (migration 1766000000000), in DATABASE_SCHEMA. */
const TABLE = 'rate_limits';

/** A refused key is refused again from memory for at most this long (no database round trip per flooded request), seconds. */
const IN_MEMORY_BLOCK_S = 10;

/** Per action: each subject's limit and the window (seconds) of the env. */
function limitsOf(env: GatewayEnv): Record<LimitedAction, { window: number; points: Partial<Record<Subject, number>> }> {
  return {
    room_join: { window: env.RATE_LIMIT_JOIN_WINDOW_S, points: { user: env.RATE_LIMIT_JOIN_PER_USER, ip: env.RATE_LIMIT_JOIN_PER_IP } },
    room_create: { window: env.RATE_LIMIT_CREATE_WINDOW_S, points: { user: env.RATE_LIMIT_CREATE_PER_USER, ip: env.RATE_LIMIT_CREATE_PER_IP } },
    magic_link: { window: env.RATE_LIMIT_MAGIC_LINK_WINDOW_S, points: { email: env.RATE_LIMIT_MAGIC_LINK_PER_EMAIL, ip: env.RATE_LIMIT_MAGIC_LINK_PER_IP } },
    checkout: { window: env.RATE_LIMIT_CHECKOUT_WINDOW_S, points: { user: env.RATE_LIMIT_CHECKOUT_PER_USER, ip: env.RATE_LIMIT_CHECKOUT_PER_IP } },
  };
}

/**
 * The 429 of every rate limit: `{code: 'RATE_LIMITED', title: 'Too Many Requests', message, details:
 * {retryAfterSeconds}}` (the spec has no text for it; docs/architecture.md "Errors"); the error filter adds
 * the Retry-After header.
 * @param retryAfterMs when the caller may try again, ms (at least one second is announced)
 */
export function rateLimited(retryAfterMs: number): ApiException {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return new ApiException(429, GatewayErrorCode.RATE_LIMITED, `Too many attempts. Please wait ${wait} and try again.`, 'Too Many Requests', { retryAfterSeconds: seconds });
}

/**
 * Rate limits shared by every gateway replica (docs/architecture.md "Rate limits"): rate-limiter-flexible's
 * RateLimiterPostgres counts in `<DATABASE_SCHEMA>.rate_limits` (fixed windows per key); while PostgreSQL
 * cannot be reached, each replica counts in memory instead (the library's insurance limiter), so an outage
 * loosens the limits but never refuses or fails a request. In development (NODE_ENV=development set
 * explicitly) loopback clients are not counted: npm start, the tests and the bench all come from 127.0.0.1.
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly pool: pg.Pool;
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {
    this.pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: env.DATABASE_POOL_SIZE,
      application_name: 'nightfall-gateway',
      connectionTimeoutMillis: 2000,
      statement_timeout: 2000,
      query_timeout: 3000,
    });
    this.pool.on('error', (err) => this.logger.warn(`rate-limit pool: ${err.message}`));
    // nightfall_db_pool_* {pool="rate_limits"} (docs/architecture.md "Metrics and traces")
    registerPoolMetrics('rate_limits', () => this.pool as PgPoolLike);
    let first = true;
    for (const [action, { window, points }] of Object.entries(limitsOf(env))) {
      for (const [subject, n] of Object.entries(points)) {
        if (!n) continue;
        this.limiters.set(
          `${action}:${subject}`,
          new RateLimiterPostgres({
            storeClient: this.pool,
            storeType: 'pool',
            schemaName: env.DATABASE_SCHEMA,
            tableName: TABLE,
            tableCreated: true, // the migration made it
            clearExpiredByTimeout: first, // one limiter per replica deletes expired rows (all share the table)
            keyPrefix: `${action}:${subject}`,
            points: n,
            duration: window,
            inMemoryBlockOnConsumed: n + 1,
            inMemoryBlockDuration: Math.min(window, IN_MEMORY_BLOCK_S),
            insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${action}:${subject}`, points: n, duration: window }),
          }),
        );
        first = false;
      }
    }
  }

  /**
   * Counts one request of `action` against each of its limits (the user's or the e-mail address's first,
   * then the client address's); a subject without a key (no session) or with limit 0 is not counted.
   * Call it before the request changes anything: a refusal then changes nothing.
   * @param req the request (its client address under TRUST_PROXY)
   * @param keys the session's user id (room_join, room_create, checkout) or the e-mail (magic_link)
   * @throws ApiException 429 RATE_LIMITED when one limit is used up for its window
   */
  async consume(action: LimitedAction, req: Pick<Request, 'ip'>, keys: { userId?: string; email?: string }): Promise<void> {
    const address = clientAddress(req);
    if (isDevMode(this.env) && isLoopback(address)) return;
    const subjects: Array<[Subject, string | undefined]> = [
      ['user', keys.userId],
      ['email', keys.email === undefined ? undefined : emailKey(keys.email)],
      ['ip', address ? addressKey(address) : undefined],
    ];
    for (const [subject, key] of subjects) {
      const limiter = this.limiters.get(`${action}:${subject}`);
      if (!limiter || !key) continue;
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
        throw rejection;
      }
    }
  }

  /**
   * Runs one statement on the rate-limit pool (the socket message budget's counters).
   * @param sql the statement; `{schema}` stands for DATABASE_SCHEMA (quoted)
   * @returns the rows
   * @throws the pg error (PostgreSQL away, timeout)
   */
  async query<T extends object>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(sql.replaceAll('{schema}', `"${this.env.DATABASE_SCHEMA}"`), params)).rows;
  }

  /** Closes the pool on shutdown. */
  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

/** An e-mail address as a counter key: the SHA-256 of its trimmed lower-case form (no address is stored). */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}
