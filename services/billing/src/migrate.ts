import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { billingDatabase } from './database.js';
import { loadBillingEnv } from './env.js';

/** Applies pending migrations of the billing schema, then exits (npm start, Helm hook Job). Needs no NATS. */
const env = loadBillingEnv({ ...process.env, NATS_URL: process.env.NATS_URL ?? 'nats://unused:4222' });
const applied = await runMigrations(billingDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`billing: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
