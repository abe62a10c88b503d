import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { runMigrations, testDatabaseUrl, testNatsUrl, uniqueSchema, type Clock } from '@nightfall/server-kit';
import { AppModule } from '../app.module.js';
import { billingDatabase } from '../database.js';
import { loadBillingEnv } from '../env.js';

/** A fresh, migrated billing schema on the real PostgreSQL, and the apps a spec starts on it. */
export interface BillingTestDatabase {
  schema: string;
  /** Starts the whole billing AppModule on this schema (silent logs, the test NATS server) with env overrides and an epoch-ms clock. */
  start(overrides?: Record<string, string>, clock?: Clock): Promise<INestApplication>;
  /** Closes every started app and drops the schema. */
  close(): Promise<void>;
}

/** Creates and migrates a unique billing schema (TEST_DATABASE_URL). Test helper only (not part of the build). */
export async function billingTestDatabase(): Promise<BillingTestDatabase> {
  const url = testDatabaseUrl();
  const schema = uniqueSchema('billing');
  await runMigrations(billingDatabase(url, schema));
  const apps: INestApplication[] = [];
  return {
    schema,
    async start(overrides = {}, clock = Date.now) {
      const env = loadBillingEnv({ DATABASE_URL: url, DATABASE_SCHEMA: schema, NATS_URL: testNatsUrl(), LOG_LEVEL: 'silent', ...overrides });
      const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env, clock)] }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      await app.init();
      apps.push(app);
      return app;
    },
    async close() {
      try {
        const ds = apps[0]?.get(DataSource) ?? (await new DataSource({ type: 'postgres', url }).initialize());
        await ds.query(`DROP SCHEMA "${schema}" CASCADE`);
        if (!apps[0]) await ds.destroy();
      } finally {
        await Promise.all(apps.map((a) => a.close()));
      }
    },
  };
}
