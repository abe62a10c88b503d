// Workspace steps shared by `npm start`, `npm test` and `npm run bench`. Node built-ins only: this
// runs before dependencies are installed. Starting PostgreSQL, NATS and the services is the stack
// launcher of @nightfall/testing (`@nightfall/testing/launcher`, libs/testing/launcher/).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Nx 24 without daemon, cloud or TUI (docs/toolchain.md: with a TTY it would wait on a prompt). */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

/** Runs `npm install` when node_modules is missing or older than package-lock.json. */
export function installIfNeeded(log = console.log) {
  const marker = resolve(ROOT, 'node_modules/.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(resolve(ROOT, 'package-lock.json')).mtimeMs) return;
  log('installing dependencies (npm install)...');
  execSync('npm install --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Builds every project with `nx run-many -t build` (libs before their dependants).
 * @param {{stdio?: import('node:child_process').StdioOptions, skipCache?: boolean, cwd?: string}} [o] `cwd`: another
 *   checkout of this repository to build (default: this one)
 * @throws when the build fails
 */
export function buildAll(o = {}) {
  execSync(`npx nx run-many -t build --outputStyle=static${o.skipCache ? ' --skip-nx-cache' : ''}`, {
    cwd: o.cwd ?? ROOT,
    stdio: o.stdio ?? 'inherit',
    timeout: 600_000,
    env: { ...process.env, ...NX_ENV },
  });
}
