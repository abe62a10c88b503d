import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { identityDatabase } from './database.js';
import { loadIdentityEnv } from './env.js';

/** Applies pending migrations of the identity schema, then exits (npm start, Helm hook Job). Needs no secret and no NATS. */
const env = loadIdentityEnv({
  ...process.env,
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'x'.repeat(32),
  NATS_URL: process.env.NATS_URL ?? 'nats://unused:4222',
});
const applied = await runMigrations(identityDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`identity: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
