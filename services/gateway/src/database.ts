import type { DatabaseConfig } from '@nightfall/server-kit';
import { RateLimits1766000000000 } from './migrations/1766000000000-rate-limits.js';
import { SocketMessageCounts1767000000000 } from './migrations/1767000000000-socket-message-counts.js';

/**
 * TypeORM configuration of the gateway schema, used only to migrate it: the gateway keeps no entities,
 * only the rate-limit counters (docs/architecture.md "Rate limits"), read and written by rate-limiter-flexible,
 * and the socket message budget's counters.
 */
export function gatewayDatabase(url: string, schema: string): DatabaseConfig {
  return { url, schema, entities: [], migrations: [RateLimits1766000000000, SocketMessageCounts1767000000000] };
}
