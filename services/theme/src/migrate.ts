import 'reflect-metadata';
import { runMigrations } from '@nightfall/server-kit';
import { themeDatabase } from './database.js';
import { loadThemeDatabaseEnv } from './env.js';

/** Applies pending migrations of the theme schema, then exits (npm start, Helm hook Job: DATABASE_URL only). */
const env = loadThemeDatabaseEnv();
const applied = await runMigrations(themeDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA));
console.log(`theme: ${applied.length} migration(s) applied${applied.length ? `: ${applied.join(', ')}` : ''}`);
