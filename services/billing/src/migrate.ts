import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { billingDatabase } from './database.js';
import { loadBillingEnv } from './env.js';

/** Applies pending migrations of the billing schema, then exits. */
const env = loadBillingEnv();
const applied = await runMigrations(billingDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`billing: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
