import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { createServer } from 'node:net';
import { createGrpcHealth, grpcServerOptions, markServing, runMigrations, testDatabaseUrl, testNatsUrl, uniqueSchema, type Clock } from '@nightfall/server-kit';
import { AppModule } from '../app.module.js';
import { adminDatabase } from '../database.js';
import { loadAdminEnv } from '../env.js';
import { BILLING_CLIENT, IDENTITY_CLIENT } from '../upstream/upstream.service.js';
import { FakeOwners } from './fake-owners.js';

/** A fresh, migrated admin schema on the real PostgreSQL, and the apps a spec starts on it. */
export interface AdminTestDatabase {
  schema: string;
  /**
   * Starts the whole admin AppModule on this schema (silent logs) with env overrides, identity and
   * billing replaced by `owners` at the gRPC-client boundary.
   */
  start(owners: FakeOwners, overrides?: Record<string, string>, clock?: Clock): Promise<INestApplication>;
  /** Like `start`, and serves nightfall.admin.v1.AdminService (and grpc.health.v1) on 127.0.0.1:<free port>. */
  startGrpc(owners: FakeOwners, overrides?: Record<string, string>): Promise<{ app: INestApplication; url: string }>;
  /** Closes every started app and drops the schema. */
  close(): Promise<void>;
}

/** Creates and migrates a unique admin schema (TEST_DATABASE_URL). Test helper only (not part of the build). */
export async function adminTestDatabase(): Promise<AdminTestDatabase> {
  const url = testDatabaseUrl();
  const schema = uniqueSchema('admin');
  await runMigrations(adminDatabase(url, schema));
  const apps: INestApplication[] = [];
  const start = async (owners: FakeOwners, overrides: Record<string, string> = {}, clock: Clock = Date.now): Promise<INestApplication> => {
    const env = loadAdminEnv({ DATABASE_URL: url, DATABASE_SCHEMA: schema, NATS_URL: testNatsUrl(), LOG_LEVEL: 'silent', ...overrides });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env, clock)] })
      .overrideProvider(IDENTITY_CLIENT)
      .useValue(owners.client('identity'))
      .overrideProvider(BILLING_CLIENT)
      .useValue(owners.client('billing'))
      .compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    apps.push(app);
    return app;
  };
  return {
    schema,
    start,
    async startGrpc(owners, overrides = {}) {
      const app = await start(owners, overrides);
      const url = `127.0.0.1:${await freePort()}`;
      const health = createGrpcHealth('admin');
      app.connectMicroservice(grpcServerOptions('admin', url, health));
      await app.startAllMicroservices();
      markServing(health, 'admin');
      return { app, url };
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

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}
