import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createServer } from 'node:net';
import { DataSource } from 'typeorm';
import { THEME_GRPC_MAX_MESSAGE_BYTES } from '@nightfall/contracts';
import { createGrpcHealth, grpcServerOptions, markServing, runMigrations, testDatabaseUrl, uniqueSchema, type Clock } from '@nightfall/server-kit';
import { AppModule } from '../app.module.js';
import { themeDatabase } from '../database.js';
import { loadThemeEnv } from '../env.js';

/** A fresh, migrated theme schema on the real PostgreSQL, and the apps a spec starts on it. */
export interface ThemeTestDatabase {
  schema: string;
  /** Starts the whole theme AppModule on this schema (silent logs). */
  start(clock?: Clock): Promise<INestApplication>;
  /** Like `start`, and serves nightfall.theme.v1.ThemeService (64 MiB messages) on 127.0.0.1:<free port>. */
  startGrpc(): Promise<{ app: INestApplication; url: string }>;
  /** Closes every started app and drops the schema. */
  close(): Promise<void>;
}

/** Creates and migrates a unique theme schema (TEST_DATABASE_URL). Test helper only (not part of the build). */
export async function themeTestDatabase(): Promise<ThemeTestDatabase> {
  const url = testDatabaseUrl();
  const schema = uniqueSchema('theme');
  await runMigrations(themeDatabase(url, schema));
  const apps: INestApplication[] = [];
  const start = async (clock: Clock = Date.now): Promise<INestApplication> => {
    const env = loadThemeEnv({ DATABASE_URL: url, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env, clock)] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    apps.push(app);
    return app;
  };
  return {
    schema,
    start,
    async startGrpc() {
      const app = await start();
      const url = `127.0.0.1:${await freePort()}`;
      const health = createGrpcHealth('theme');
      app.connectMicroservice(grpcServerOptions('theme', url, health, { maxMessageBytes: THEME_GRPC_MAX_MESSAGE_BYTES }));
      await app.startAllMicroservices();
      markServing(health, 'theme');
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
