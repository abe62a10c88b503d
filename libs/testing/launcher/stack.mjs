// Starts the six Nightfall services (their built dist/main.js) as child processes: the stack launcher of
// @nightfall/testing, used by `npm start`, `npm test`, `npm run bench` (scripts/) and by startTestStack()
// (src/stack-harness.ts) for the integration and browser tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DATA, ROOT, freePort } from './infra.mjs';

/**
 * Node flags every service runs with, here and in the images (deploy/docker/Dockerfile's CMD): a young
 * generation of 32 MB semi-spaces instead of V8's default 16 MB, so short-lived objects (a view's JSON, a call's
 * messages) die young; about 5 % less CPU per action for about 35 MB more RSS per service (docs/hot-path.md "GC").
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Admin account seeded by the test harness only (an `admin` entitlement; never by `npm start`). */
export const TEST_ADMIN = { email: 'admin@nightfall.local', password: 'nightfall-admin', displayName: 'Test Admin' };

/** Super admin account seeded by the test harness only (a `super_admin` entitlement; never by `npm start`). */
export const TEST_SUPER_ADMIN = { email: 'super@nightfall.local', password: 'nightfall-super', displayName: 'Test Super Admin' };

/** Demo host account seeded by `npm start` (also written in README.md). */
export const DEMO_HOST = { email: 'demo@nightfall.local', password: 'nightfall-demo', displayName: 'Demo Host' };

/** Polls an HTTP URL until it answers 200, or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 30_000, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  let last;
  for (;;) {
    if (!isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
      last = `HTTP ${r.status}: ${(await r.text()).slice(0, 300)}`;
    } catch (e) {
      last = e.message;
    }
    if (Date.now() > until) throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs each database service's migrations (`node dist/migrate.js`; the gateway's schema holds the shared rate-limit counters).
 * @param {Record<string,string>} env DATABASE_URL and friends
 */
export async function migrate(env) {
  for (const svc of ['identity', 'billing', 'game-engine', 'admin', 'theme', 'gateway']) {
    await run(process.execPath, [resolve(ROOT, `services/${svc}/dist/migrate.js`)], env);
  }
}

function run(cmd, args, env) {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Starts identity, billing, game-engine (GAME_REPLICAS copies), admin, theme and gateway with ports of their own.
 * Every service gets NODE_ENV, DATABASE_URL, NATS_URL and SESSION_SECRET (identity and billing publish their
 * events on NATS; the gateway counts rate limits in PostgreSQL; each service validates only the variables it reads).
 * @param {object} o
 * @param {string} o.databaseUrl
 * @param {string} o.natsUrl
 * @param {number} [o.port] public port of the gateway (a free one when omitted)
 * @param {string} o.sessionSecret
 * @param {string} [o.logDir] where each service's JSON log goes (default .data/logs)
 * @param {number} [o.gameReplicas] number of game-engine processes (default 1)
 * @param {number} [o.gateways] number of gateway processes (default 1): `gateway` on o.port (or a free port), then
 *   `gateway-2`... on free ports of their own; all share the session secret, NATS and the upstream services
 * @param {Record<string, Record<string, string>>} [o.extraEnv] extra environment of named processes, after the
 *   launcher's own (e.g. `{ gateway: { NODE_OPTIONS: '--inspect=127.0.0.1:9230' } }`)
 * @param {boolean} [o.web] serve web/dist (default true)
 * @param {'development'|'production'|'test'} [o.nodeEnv] NODE_ENV of every service (default NODE_ENV, else development:
 *   the gateway's development tools, e.g. the dev outbox `npm start` prints, need NODE_ENV=development set explicitly)
 * @param {string} [o.publicUrl] PUBLIC_URL of magic links and Stripe return URLs (default PUBLIC_URL, else http://localhost:<port>)
 * @param {number} [o.authRateLimit] AUTH_RATE_LIMIT of the gateway (default AUTH_RATE_LIMIT, else 10; 1000 inside jest)
 * @param {string} [o.mailOutboxDir] identity's MAIL_OUTBOX_DIR (default MAIL_OUTBOX_DIR, else <logDir>/outbox when logDir is given, else .data/outbox)
 * @param {string} [o.adminEmails] the admin service's ADMIN_EMAILS (comma-separated; default ADMIN_EMAILS, else none)
 * @param {string} [o.superAdminEmail] the admin service's SUPER_ADMIN_EMAIL, the primary account (default SUPER_ADMIN_EMAIL, else none)
 * @param {boolean} [o.callerTokens] caller identity on gRPC as the chart sets it up: each service sends its own random
 *   token and accepts only its callers' (plus `seed`'s on identity and billing); the tokens are returned
 * @returns {Promise<{url: string, port: number, urls: string[], env: object, children: Map<string, import('node:child_process').ChildProcess>, stop: () => Promise<void>, restart: (name: string) => Promise<void>}>}
 */
export async function startStack(o) {
  const logDir = o.logDir ?? resolve(DATA, 'logs');
  mkdirSync(logDir, { recursive: true });
  const ports = {
    identityGrpc: await freePort(), identityHealth: await freePort(),
    billingGrpc: await freePort(), billingHealth: await freePort(),
    adminGrpc: await freePort(), adminHealth: await freePort(),
    themeGrpc: await freePort(), themeHealth: await freePort(),
    gateway: o.port ?? (await freePort()),
  };
  const gatewayCount = o.gateways ?? 1;
  const gatewayPorts = [ports.gateway];
  for (let i = 1; i < gatewayCount; i++) gatewayPorts.push(await freePort());
  const gatewayName = (i) => (i === 0 ? 'gateway' : `gateway-${i + 1}`);
  const replicas = o.gameReplicas ?? 1;
  const gamePorts = [];
  for (let i = 0; i < replicas; i++) gamePorts.push({ grpc: await freePort(), health: await freePort() });
  const common = {
    NODE_ENV: o.nodeEnv ?? process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATABASE_URL: o.databaseUrl,
    NATS_URL: o.natsUrl,
    SESSION_SECRET: o.sessionSecret,
  };
  const publicUrl = o.publicUrl ?? process.env.PUBLIC_URL ?? `http://localhost:${ports.gateway}`;
  const outboxDir = o.mailOutboxDir ?? process.env.MAIL_OUTBOX_DIR ?? (o.logDir ? resolve(o.logDir, 'outbox') : resolve(DATA, 'outbox'));
  // Tests and the bench sign in often from 127.0.0.1: inside jest the sign-in rate limit is raised.
  const authRateLimit = o.authRateLimit ?? process.env.AUTH_RATE_LIMIT ?? (process.env.JEST_WORKER_ID ? 1000 : 10);
  const defs = {
    identity: { IDENTITY_GRPC_URL: `127.0.0.1:${ports.identityGrpc}`, IDENTITY_HEALTH_PORT: String(ports.identityHealth), PUBLIC_URL: publicUrl, MAIL_OUTBOX_DIR: outboxDir },
    billing: { BILLING_GRPC_URL: `127.0.0.1:${ports.billingGrpc}`, BILLING_HEALTH_PORT: String(ports.billingHealth), PUBLIC_URL: publicUrl },
    admin: {
      ADMIN_GRPC_URL: `127.0.0.1:${ports.adminGrpc}`,
      ADMIN_HEALTH_PORT: String(ports.adminHealth),
      IDENTITY_GRPC_TARGET: `127.0.0.1:${ports.identityGrpc}`,
      BILLING_GRPC_TARGET: `127.0.0.1:${ports.billingGrpc}`,
      ADMIN_EMAILS: o.adminEmails ?? process.env.ADMIN_EMAILS ?? '',
      SUPER_ADMIN_EMAIL: o.superAdminEmail ?? process.env.SUPER_ADMIN_EMAIL ?? '',
    },
    theme: { THEME_GRPC_URL: `127.0.0.1:${ports.themeGrpc}`, THEME_HEALTH_PORT: String(ports.themeHealth) },
    gateway: {
      PORT: String(ports.gateway),
      PUBLIC_URL: publicUrl,
      AUTH_RATE_LIMIT: String(authRateLimit),
      IDENTITY_GRPC_TARGET: `127.0.0.1:${ports.identityGrpc}`,
      BILLING_GRPC_TARGET: `127.0.0.1:${ports.billingGrpc}`,
      ADMIN_GRPC_TARGET: `127.0.0.1:${ports.adminGrpc}`,
      THEME_GRPC_TARGET: `127.0.0.1:${ports.themeGrpc}`,
      // every replica: the gateway balances calls round-robin over them (any replica can serve any game)
      GAME_GRPC_TARGET: gamePorts.length > 1 ? `ipv4:${gamePorts.map((p) => `127.0.0.1:${p.grpc}`).join(',')}` : `127.0.0.1:${gamePorts[0].grpc}`,
      WEB_DIST: o.web === false ? '' : resolve(ROOT, 'web/dist'),
    },
  };
  // caller identity on gRPC (docs/faults.md "Inside the cluster"), as the chart sets it up
  const callerTokens = o.callerTokens ? makeCallerTokens() : null;
  if (callerTokens) {
    const accept = (...callers) => callers.map((c) => `${c}:${callerTokens[c]}`).join(',');
    const accepted = { identity: accept('gateway', 'admin', 'seed'), billing: accept('gateway', 'admin', 'seed'), admin: accept('gateway', 'game-engine'), theme: accept('gateway', 'game-engine') };
    for (const svc of Object.keys(accepted)) Object.assign(defs[svc], { GRPC_CALLER_TOKEN: callerTokens[svc], GRPC_CALLER_TOKENS: accepted[svc] });
    Object.assign(defs.gateway, { GRPC_CALLER_TOKEN: callerTokens.gateway });
    defs.engine = { GRPC_CALLER_TOKEN: callerTokens['game-engine'], GRPC_CALLER_TOKENS: accept('gateway') };
  }
  const children = new Map();
  const health = new Map();
  const spawnService = (name, svc, env, healthUrl) => {
    const out = createWriteStream(resolve(logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...extraNodeFlags(), resolve(ROOT, `services/${svc}/dist/main.js`)], {
      env: { ...process.env, ...common, ...env, ...(o.extraEnv?.[name] ?? {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.stderr.on('data', (d) => o.onStderr?.(name, d.toString()));
    children.set(name, child);
    health.set(name, { healthUrl, svc, env });
    return child;
  };
  const startOne = async (name) => {
    const { healthUrl, svc, env } = health.get(name);
    const child = spawnService(name, svc, env, healthUrl);
    let alive = true;
    child.once('exit', () => (alive = false));
    await waitForHttp(healthUrl, 60_000, () => alive);
  };
  const prepare = (name, svc, env, healthUrl) => health.set(name, { healthUrl, svc, env });
  prepare('identity', 'identity', defs.identity, `http://127.0.0.1:${ports.identityHealth}/health/ready`);
  prepare('billing', 'billing', defs.billing, `http://127.0.0.1:${ports.billingHealth}/health/ready`);
  gamePorts.forEach((p, i) =>
    prepare(i === 0 ? 'game-engine' : `game-engine-${i + 1}`, 'game-engine', { GAME_GRPC_URL: `127.0.0.1:${p.grpc}`, GAME_HEALTH_PORT: String(p.health), ADMIN_GRPC_TARGET: defs.gateway.ADMIN_GRPC_TARGET, THEME_GRPC_TARGET: defs.gateway.THEME_GRPC_TARGET, ...(defs.engine ?? {}) }, `http://127.0.0.1:${p.health}/health/ready`),
  );
  prepare('admin', 'admin', defs.admin, `http://127.0.0.1:${ports.adminHealth}/health/ready`);
  prepare('theme', 'theme', defs.theme, `http://127.0.0.1:${ports.themeHealth}/health/ready`);
  gatewayPorts.forEach((port, i) => prepare(gatewayName(i), 'gateway', { ...defs.gateway, PORT: String(port) }, `http://127.0.0.1:${port}/health/ready`));

  const stop = async () => {
    await Promise.all(
      [...children.values()].map(
        (c) => new Promise((r) => {
          if (c.exitCode !== null || c.signalCode !== null) return r();
          c.once('exit', r);
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 5000).unref();
        }),
      ),
    );
  };
  try {
    await Promise.all([
      startOne('identity'),
      startOne('billing'),
      startOne('admin'),
      startOne('theme'),
      ...gamePorts.map((_, i) => startOne(i === 0 ? 'game-engine' : `game-engine-${i + 1}`)),
    ]);
    await Promise.all(gatewayPorts.map((_, i) => startOne(gatewayName(i))));
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${ports.gateway}`,
    port: ports.gateway,
    /** Every gateway's URL, the first one being `url`. */
    urls: gatewayPorts.map((p) => `http://127.0.0.1:${p}`),
    publicUrl,
    outboxDir,
    ports: { ...ports, game: gamePorts, gateways: gatewayPorts },
    /** With o.callerTokens: each caller's gRPC token (gateway, admin, game-engine, identity, billing, theme, seed). */
    callerTokens,
    children,
    stop,
    /** Kills one service (SIGKILL, like a crash) and starts it again on the same ports. */
    restart: async (name) => {
      const c = children.get(name);
      if (c && c.exitCode === null && c.signalCode === null) {
        await new Promise((r) => { c.once('exit', r); c.kill('SIGKILL'); });
      }
      await startOne(name);
    },
  };
}

/**
 * Creates the demo host (identity EnsureUser) and gives it a `manual` permanent host entitlement
 * (billing GrantEntitlement) unless it already has host rights. Talks gRPC with the shipped protos.
 */
export async function seedDemoHost(identityTarget, billingTarget, callerToken) {
  return seedAccount(identityTarget, billingTarget, DEMO_HOST, 'host', callerToken);
}

/** Seeds the test admin (identity user + active `admin` entitlement). Test harness only. */
export async function seedTestAdmin(identityTarget, billingTarget, callerToken) {
  return seedAccount(identityTarget, billingTarget, TEST_ADMIN, 'admin', callerToken);
}

/** Seeds the test super admin (identity user + active `super_admin` entitlement). Test harness only. */
export async function seedSuperAdmin(identityTarget, billingTarget, callerToken) {
  return seedAccount(identityTarget, billingTarget, TEST_SUPER_ADMIN, 'super_admin', callerToken);
}

/**
 * Random gRPC caller tokens, one per service and one for the seeding (`seed`), as the chart's Secret holds
 * them (docs/faults.md "Inside the cluster").
 */
function makeCallerTokens() {
  return Object.fromEntries(['gateway', 'admin', 'game-engine', 'identity', 'billing', 'theme', 'seed'].map((c) => [c, randomBytes(24).toString('base64url')]));
}

/**
 * Creates a password user unless it exists, and grants a `manual` permanent entitlement of `type` once.
 * @param {string} [callerToken] the gRPC caller token to send (services started with o.callerTokens accept `seed`'s)
 */
async function seedAccount(identityTarget, billingTarget, account, type, callerToken) {
  const grpc = await import('@grpc/grpc-js');
  const loader = await import('@grpc/proto-loader');
  const { PROTO_ROOT } = await import('@nightfall/contracts');
  const load = (svc) =>
    grpc.loadPackageDefinition(loader.loadSync(`nightfall/${svc}/v1/${svc}.proto`, { includeDirs: [PROTO_ROOT], keepCase: false, defaults: true }))
      .nightfall[svc].v1;
  const identity = new (load('identity').IdentityService)(identityTarget, grpc.credentials.createInsecure());
  const billing = new (load('billing').BillingService)(billingTarget, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  if (callerToken) metadata.set('nf-caller-token', callerToken);
  const call = (client, method, req) => new Promise((res, rej) => client[method](req, metadata, (err, out) => (err ? rej(err) : res(out))));
  try {
    const user = await call(identity, 'EnsureUser', account);
    const { entitlements } = await call(billing, 'ListEntitlements', { userId: user.id });
    if (!entitlements.some((e) => e.type === type && e.status === 'active')) {
      await call(billing, 'GrantEntitlement', { userId: user.id, userEmail: user.email, type, tier: 'permanent', source: 'manual' });
    }
    return user;
  } finally {
    identity.close();
    billing.close();
  }
}

/**
 * Node flags added to every service's from STACK_NODE_FLAGS (space-separated), for a diagnosis: flags that
 * NODE_OPTIONS refuses, such as `--trace-gc` (each collection is then written to the service's log).
 * @returns {string[]}
 */
function extraNodeFlags() {
  return (process.env.STACK_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
}
