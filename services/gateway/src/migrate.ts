import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { gatewayDatabase } from './database.js';
import { loadGatewayEnv } from './env.js';

/** Applies pending migrations of the gateway schema, then exits (npm start, Helm hook Job). Needs no secret and no NATS. */
const env = loadGatewayEnv({
  ...process.env,
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'x'.repeat(32),
  NATS_URL: process.env.NATS_URL ?? 'nats://unused:4222',
});
const applied = await runMigrations(gatewayDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`gateway: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
