import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { adminDatabase } from './database.js';
import { loadAdminDatabaseEnv } from './env.js';

/** Applies pending migrations of the admin schema, then exits (npm start, Helm hook Job: DATABASE_URL only). */
const env = loadAdminDatabaseEnv();
const applied = await runMigrations(adminDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`admin: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
