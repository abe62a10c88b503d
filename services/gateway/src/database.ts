import type { DatabaseConfig } from '@nightfall/server-kit';
import { RateLimits1766000000000 } from './migrations/1766000000000-rate-limits.js';

/**
 * TypeORM configuration of the gateway schema, used only to migrate it: the gateway keeps no entities,
 * only the rate-limit counters (docs/architecture.md "Rate limits"), read and written by rate-limiter-flexible.
 */
export function gatewayDatabase(url: string, schema: string): DatabaseConfig {
  return { url, schema, entities: [], migrations: [RateLimits1766000000000] };
}
