import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import type { ChatMessage, ServerMessage } from '@nightfall/protocol';
import { testDatabaseUrl, testNatsUrl } from '@nightfall/server-kit';
import { DEMO_HOST, ROOT, TEST_ADMIN, TEST_SUPER_ADMIN, migrate, seedDemoHost, seedSuperAdmin, seedTestAdmin, startStack, type Stack } from '../launcher/index.mjs';

/** A stack started by {@link startTestStack} (the launcher's {@link Stack} on a database of its own). */
export interface RunningStack extends Stack {
  /** The stack's own database (postgres:// URL): tests may read any service's schema to check what changed. */
  databaseUrl: string;
  dropDatabase(): Promise<void>;
  demoHost: { email: string; password: string };
  /** An account with an active `admin` entitlement (may use POST /api/games/{id}/admin/player-role). */
  admin: { email: string; password: string };
  /** An account with an active `super_admin` entitlement (toggles admins, manages custom roles). */
  superAdmin: { email: string; password: string };
  /** SESSION_SECRET of identity and the gateways: a test may sign session tokens of its own (e.g. one about to expire). */
  sessionSecret: string;
}

/** How many times {@link startTestStack} starts the services when one exits during start-up. */
const START_ATTEMPTS = 3;

/**
 * Starts identity, billing, game-engine, admin, theme and gateway (built dist) on a fresh database of the test
 * PostgreSQL server and the test NATS, and seeds the demo host, the test admin and the test super admin.
 * @param gameReplicas number of game-engine processes
 * @param adminEmails ADMIN_EMAILS of the admin service (default ADMIN_EMAILS of the environment, else none)
 * @param superAdminEmail SUPER_ADMIN_EMAIL of the admin service, the primary account (default from the environment, else none)
 * @param natsUrl the NATS server (default the test NATS; a test that restarts NATS brings its own)
 * @param gateways gateway processes sharing the database and NATS (default 1; `urls` lists them)
 * @param gatewayEnv extra environment of every gateway (e.g. rate limits)
 * @param engineEnv extra environment of every game-engine replica
 * @param nodeEnv NODE_ENV of every service: by default development, as `npm start` runs (jest's own
 *   NODE_ENV=test would hide the gateway's development tools), or production when NODE_ENV says so
 * @param extraEnv extra environment of named processes, after the launcher's own (e.g. `{ gateway: { SOCKET_RATE_LIMIT: '0' } }`)
 * @param callerTokens caller identity on gRPC as the chart sets it up (`stack.callerTokens` holds the tokens)
 */
export async function startTestStack(
  opts: {
    gameReplicas?: number;
    web?: boolean;
    adminEmails?: string;
    superAdminEmail?: string;
    natsUrl?: string;
    gateways?: number;
    gatewayEnv?: Record<string, string>;
    engineEnv?: Record<string, string>;
    nodeEnv?: 'development' | 'production' | 'test';
    extraEnv?: Record<string, Record<string, string>>;
    callerTokens?: boolean;
  } = {},
): Promise<RunningStack> {
  const admin = new URL(testDatabaseUrl());
  const dbName = `nf_test_${randomBytes(4).toString('hex')}`;
  await createMigratedDatabase(admin, dbName);
  const dbUrl = new URL(admin.toString());
  dbUrl.pathname = `/${dbName}`;
  const gateways = opts.gateways ?? 1;
  const gatewayNames = Array.from({ length: gateways }, (_, i) => (i === 0 ? 'gateway' : `gateway-${i + 1}`));
  const engineNames = Array.from({ length: opts.gameReplicas ?? 1 }, (_, i) => (i === 0 ? 'game-engine' : `game-engine-${i + 1}`));
  const extraEnv = {
    ...(opts.gatewayEnv ? Object.fromEntries(gatewayNames.map((n) => [n, opts.gatewayEnv!])) : {}),
    ...(opts.engineEnv ? Object.fromEntries(engineNames.map((n) => [n, opts.engineEnv!])) : {}),
  } as Record<string, Record<string, string>>;
  for (const [name, env] of Object.entries(opts.extraEnv ?? {})) extraEnv[name] = { ...extraEnv[name], ...env };
  const sessionSecret = randomBytes(32).toString('hex');
  const start = () =>
    startStack({
      databaseUrl: dbUrl.toString(),
      natsUrl: opts.natsUrl ?? testNatsUrl(),
      sessionSecret,
      logDir: resolve(ROOT, 'test-output/logs', dbName),
      gameReplicas: opts.gameReplicas ?? 1,
      gateways,
      extraEnv: Object.keys(extraEnv).length > 0 ? extraEnv : undefined,
      nodeEnv: opts.nodeEnv ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development'),
      web: opts.web ?? false,
      adminEmails: opts.adminEmails,
      superAdminEmail: opts.superAdminEmail,
      callerTokens: opts.callerTokens,
    });
  // Test files run in parallel processes, each picking free ports: two may pick the same one, and the
  // second service to bind it exits (EADDRINUSE). The launcher then stops what it started; start again
  // with new ports (at most START_ATTEMPTS times).
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  for (let attempt = 1; !stack; attempt++) {
    try {
      stack = await start();
    } catch (err) {
      if (attempt >= START_ATTEMPTS || !/the process exited/.test((err as Error).message)) throw err;
    }
  }
  const dropDatabase = async () => {
    const d = new pg.Client({ connectionString: admin.toString() });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await d.end();
  };
  try {
    const seedToken = stack.callerTokens?.seed;
    await seedDemoHost(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`, seedToken);
    await seedTestAdmin(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`, seedToken);
    await seedSuperAdmin(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`, seedToken);
  } catch (err) {
    // no running services left behind (they would keep jest from exiting)
    await stack.stop();
    await dropDatabase().catch(() => undefined);
    throw err;
  }
  return { ...stack, demoHost: DEMO_HOST, admin: TEST_ADMIN, superAdmin: TEST_SUPER_ADMIN, dropDatabase, databaseUrl: dbUrl.toString(), sessionSecret };
}

/** PostgreSQL advisory lock key of the template databases (see {@link createMigratedDatabase}). */
const TEMPLATE_LOCK = 0x6e665450; // 'nfTP'

/**
 * The template database of the built migrations: `nf_tpl_<hash>`, where the hash covers every service's
 * `dist/migrate.js`, `dist/database.js` and `dist/migrations/*.js`, so a changed migration makes a new template.
 */
export function templateDatabaseName(): string {
  const h = createHash('sha256');
  for (const svc of ['identity', 'billing', 'game-engine', 'admin', 'theme', 'gateway']) {
    const dist = resolve(ROOT, 'services', svc, 'dist');
    const files = ['migrate.js', 'database.js', ...readdirSync(resolve(dist, 'migrations')).filter((f) => f.endsWith('.js')).sort().map((f) => `migrations/${f}`)];
    for (const f of files) h.update(`${svc}/${f}\0`).update(readFileSync(resolve(dist, f)));
  }
  return `nf_tpl_${h.digest('hex').slice(0, 16)}`;
}

/**
 * Creates database `dbName` with every service's migrations applied (README.md, `npm test`): a copy
 * (`CREATE DATABASE ... TEMPLATE`, about 0.1 s) of a template database migrated once per build of the migrations,
 * instead of running the six services' migrations for every stack (about 6-12 s). The template is made under an
 * exclusive advisory lock by the first caller (older templates are dropped then); copies take the lock shared, so
 * parallel test processes never copy a template while it is being made or dropped.
 * @param admin URL of a database of the test server to connect to (the template and `dbName` are its siblings)
 * @throws when the migrations fail (the half-made template is dropped) or PostgreSQL refuses
 */
export async function createMigratedDatabase(admin: URL, dbName: string): Promise<void> {
  const template = templateDatabaseName();
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const exists = async () => ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount ?? 0) > 0;
    await c.query('SELECT pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
    const ready = await exists();
    await c.query('SELECT pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]);
    if (!ready) {
      await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      try {
        if (!(await exists())) {
          const old = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'nf\\_tpl\\_%'");
          for (const { datname } of old.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          await c.query(`CREATE DATABASE ${template}`);
          const url = new URL(admin.toString());
          url.pathname = `/${template}`;
          try {
            await migrate({ DATABASE_URL: url.toString() });
          } catch (err) {
            await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
            throw err;
          }
        }
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
      }
    }
    await c.query('SELECT pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
    try {
      await c.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
    } finally {
      await c.query('SELECT pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await c.end();
  }
}

/** Reads {@link tableDigests} on one connection, again and again (see {@link openTableDigests}). */
export interface TableDigestReader {
  /** `{ 'schema.table': md5 }` now. */
  read(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Opens a reader of the digest of every row of every table of the services' schemas (identity, billing, game,
 * admin, theme), one md5 per table, for tests that assert a request changed nothing. Tables that change on their
 * own (e.g. the engines' leases) are left out with `skip` (`schema.table` names). One connection and one query
 * per read, so a test can read it after every batch.
 * @param databaseUrl the stack's database ({@link RunningStack.databaseUrl})
 */
export async function openTableDigests(databaseUrl: string, opts: { skip?: string[] } = {}): Promise<TableDigestReader> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ schema: string; table: string }>(
      `SELECT table_schema AS schema, table_name AS "table" FROM information_schema.tables
        WHERE table_schema IN ('identity', 'billing', 'game', 'admin', 'theme') AND table_type = 'BASE TABLE'
          AND table_name NOT LIKE '%migrations' ORDER BY 1, 2`,
    );
    const sql = rows
      .filter(({ schema, table }) => !opts.skip?.includes(`${schema}.${table}`))
      .map(({ schema, table }) => `SELECT '${schema}.${table}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM "${schema}"."${table}" t`)
      .join(' UNION ALL ');
    return {
      read: async () => (sql ? Object.fromEntries((await c.query<{ name: string; d: string }>(sql)).rows.map((r) => [r.name, r.d])) : {}),
      close: () => c.end(),
    };
  } catch (err) {
    await c.end();
    throw err;
  }
}

/** A REST call with an optional cookie; returns status, JSON body and the session cookie. */
export async function api(base: string, path: string, body?: unknown, cookie?: string): Promise<{ status: number; body: any; cookie?: string }> {
  const r = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = r.headers.get('set-cookie');
  return { status: r.status, body: await r.json().catch(() => null), cookie: set ? set.split(';')[0] : cookie };
}

/** A WebSocket test client that records every server message. */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  private waiters: Array<() => void> = [];
  closeCode: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      this.received.push(JSON.parse(d.toString()) as ServerMessage);
      this.waiters.splice(0).forEach((w) => w());
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  /** Opens `/ws` on the gateway with the given cookie (and extra request headers, e.g. X-Forwarded-For). */
  static async open(base: string, cookie?: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(base.replace('http', 'ws') + '/ws', { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    const s = new TestSocket(ws);
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    return s;
  }

  send(msg: object): void {
    this.ws.send(JSON.stringify(msg));
  }

  /** Waits for a message matching `pred` (searching from index `from`). @throws after `timeoutMs` */
  async waitFor<T extends ServerMessage>(pred: (m: ServerMessage) => boolean, timeoutMs = 10_000, from = 0): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.slice(from).find(pred);
      if (hit) return hit as T;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) while waiting`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`timed out; last messages: ${JSON.stringify(this.received.slice(-3)).slice(0, 500)}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Waits until the socket closes; returns the code. */
  async closed(timeoutMs = 5000): Promise<number> {
    const until = Date.now() + timeoutMs;
    while (this.closeCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    if (this.closeCode === null) throw new Error('socket did not close');
    return this.closeCode;
  }

  close(): void {
    this.ws.close(1000);
  }
}

/**
 * The chat lines a socket message carries (docs/hot-path.md "Chat lines once"): a view's `newMessages` and a whole
 * snapshot's `messages` (sent instead of a view to a socket that missed a version); [] for any other message.
 */
export function chatLinesOf(m: ServerMessage): ChatMessage[] {
  const v = m as { newMessages?: ChatMessage[]; messages?: ChatMessage[] };
  return [...(v.newMessages ?? []), ...(v.messages ?? [])];
}
