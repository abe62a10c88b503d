import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { runMigrations, testDatabaseUrl, testNatsUrl, uniqueSchema, type Clock } from '@nightfall/server-kit';
import { AppModule } from '../app.module.js';
import { identityDatabase } from '../database.js';
import { loadIdentityEnv, type IdentityEnv } from '../env.js';

/** A running identity module for a spec: its own schema (migrated) and outbox folder. */
export interface IdentityTestApp {
  app: INestApplication;
  env: IdentityEnv;
  /** Drops the schema, closes the app and deletes the outbox folder. */
  close(): Promise<void>;
}

/**
 * Starts the whole identity AppModule on the real PostgreSQL (TEST_DATABASE_URL) in a fresh schema,
 * connected to the test NATS server (NATS_URL, else nats://127.0.0.1:4222),
 * with a fresh development outbox, silent logs and an injectable clock (epoch ms). Test helper only
 * (not part of the build).
 * @param overrides environment variables on top of the test defaults (e.g. SMTP_URL)
 */
export async function startIdentityApp(overrides: Record<string, string> = {}, clock: Clock = Date.now): Promise<IdentityTestApp> {
  const schema = uniqueSchema('identity');
  const outbox = mkdtempSync(join(tmpdir(), 'nf-outbox-'));
  const env = loadIdentityEnv({
    DATABASE_URL: testDatabaseUrl(),
    DATABASE_SCHEMA: schema,
    NATS_URL: testNatsUrl(),
    SESSION_SECRET: 's'.repeat(40),
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: outbox,
    ...overrides,
  });
  await runMigrations(identityDatabase(env.DATABASE_URL, schema));
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env, clock)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return {
    app,
    env,
    close: async () => {
      try {
        await app.get(DataSource).query(`DROP SCHEMA "${schema}" CASCADE`);
      } finally {
        await app.close();
        rmSync(outbox, { recursive: true, force: true });
      }
    },
  };
}
