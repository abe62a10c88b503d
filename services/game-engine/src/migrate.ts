import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { gameDatabase } from './database.js';
import { loadGameEnv } from './env.js';

/** Applies pending migrations of the game schema, then exits. */
const env = loadGameEnv({ ...process.env, NATS_URL: process.env.NATS_URL ?? 'nats://unused:4222' });
const applied = await runMigrations(gameDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`game-engine: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
