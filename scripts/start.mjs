#!/usr/bin/env node
// `npm start`: installs what is missing, starts PostgreSQL and NATS (or uses DATABASE_URL / NATS_URL),
// builds, migrates, starts identity, billing, game-engine, admin, theme and gateway, seeds the demo host, and serves
// the game at http://localhost:8080 (PORT changes it). Ctrl+C stops everything.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildAll, installIfNeeded, ROOT } from './lib/workspace.mjs';
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';

const log = (msg) => console.log(`[nightfall] ${msg}`);

function build() {
  log('building libs, services and web (nx run-many -t build)...');
  buildAll({ skipCache: true });
}

/** A session secret kept in .data so sessions survive restarts (SESSION_SECRET overrides it). */
function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = resolve(ROOT, '.data/session-secret');
  mkdirSync(resolve(ROOT, '.data'), { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  installIfNeeded(log);
  // the stack launcher of @nightfall/testing (plain ESM: usable right after `npm install`, before the build)
  const { ensurePostgres, ensureNats, startStack, migrate, seedDemoHost, portOpen, DEMO_HOST } = await import('@nightfall/testing/launcher');
  const wanted = Number(process.env.PORT ?? 8080);
  // An earlier `npm start` still running would answer the new gateway's health check on this port, and the
  // new one would fail only after 'Nightfall is running' (EADDRINUSE): check first.
  if (await portOpen(wanted)) {
    console.error(`[nightfall] port ${wanted} is already in use (is Nightfall already running?). Stop it, or start on another port: PORT=8081 npm start`);
    process.exit(1);
  }
  build();
  const pg = await ensurePostgres(log);
  const nats = await ensureNats(log);
  const port = Number(process.env.PORT ?? 8080);
  // Set explicitly: the gateway's development tools (dev outbox, test checkout) exist only with
  // NODE_ENV=development, and answer this machine only (docs/architecture.md "Development tools").
  const nodeEnv = process.env.NODE_ENV ?? 'development';
  log('running migrations...');
  await migrate({ DATABASE_URL: pg.url });
  log('starting identity, billing, game-engine, admin, theme and gateway...');
  const stack = await startStack({
    databaseUrl: pg.url,
    natsUrl: nats.url,
    port,
    sessionSecret: sessionSecret(),
    nodeEnv,
    onStderr: (name, text) => process.stderr.write(`[${name}] ${text}`),
  });
  await seedDemoHost(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`);
  log('');
  log(`Nightfall is running at http://localhost:${port}`);
  for (const address of lanAddresses()) log(`Phones on your network join at http://${address}:${port}`);
  log(`Demo host account: ${DEMO_HOST.email} / ${DEMO_HOST.password}`);
  const dev = nodeEnv === 'development';
  if (!process.env.SMTP_URL) log(dev ? `No SMTP_URL: e-mails (magic links) go to the dev outbox http://localhost:${port}/dev/outbox (${stack.outboxDir}; this machine only)` : 'No SMTP_URL: e-mails are NOT sent (set SMTP_URL)');
  if (!process.env.STRIPE_SECRET_KEY) {
    log(dev ? 'No STRIPE_SECRET_KEY: checkout uses the local TEST payment page /dev/checkout (grants `test` entitlements; this machine only)' : `No STRIPE_SECRET_KEY: checkout is ${nodeEnv === 'production' ? 'disabled' : 'a test page that is not served (NODE_ENV is not development)'}`);
  }
  log('Service logs: .data/logs/*.log. Press Ctrl+C to stop.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    await stack.stop();
    await nats.stop();
    await pg.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const [name, child] of stack.children) {
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${name} exited (${signal ?? code}); see .data/logs/${name}.log. Stopping.`);
        void shutdown();
      }
    });
  }
}

/** This machine's IPv4 addresses on its networks (not loopback), where friends' phones reach the game. */
function lanAddresses() {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

main().catch((err) => {
  console.error(`[nightfall] failed to start: ${err.message}`);
  process.exit(1);
});
