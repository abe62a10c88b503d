#!/usr/bin/env node
// Assembles the runtime files of one service into an output directory (used by deploy/docker/Dockerfile):
//   services/<service>/{package.json,dist}    the service
//   libs/<lib>/{package.json,dist}            every @nightfall/* lib it needs at run time (transitively,
//                                             `dependencies` only), so node_modules/@nightfall/* links resolve
//   web/dist                                  the built SPA (gateway only, served through WEB_DIST)
// Usage: node deploy/docker/stage.mjs <identity|billing|game-engine|admin|theme|gateway> <outDir>
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [service, outArg] = process.argv.slice(2);

function fail(msg) {
  console.error(`stage.mjs: ${msg}`);
  process.exit(1);
}

const services = readdirSync(join(ROOT, 'services')).filter((d) => existsSync(join(ROOT, 'services', d, 'package.json')));
if (!service || !outArg) fail(`usage: stage.mjs <${services.join('|')}> <outDir> (docker: --build-arg SERVICE=<name>)`);
if (!services.includes(service)) fail(`unknown SERVICE "${service}"; expected one of: ${services.join(', ')}`);
const out = resolve(outArg);

/** Workspace package name -> directory, for every libs/* and services/* package. */
const workspaces = new Map();
for (const group of ['libs', 'services']) {
  for (const d of readdirSync(join(ROOT, group))) {
    const pj = join(ROOT, group, d, 'package.json');
    if (existsSync(pj)) workspaces.set(JSON.parse(readFileSync(pj, 'utf8')).name, join(ROOT, group, d));
  }
}

/** The service directory plus every workspace reachable through `dependencies`. */
const dirs = [];
const queue = [join(ROOT, 'services', service)];
while (queue.length) {
  const dir = queue.shift();
  if (dirs.includes(dir)) continue;
  dirs.push(dir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (!dep.startsWith('@nightfall/')) continue;
    const target = workspaces.get(dep);
    if (!target) fail(`${pkg.name} depends on ${dep}, which is no workspace`);
    queue.push(target);
  }
}

const copy = (from, to) => cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith('.tsbuildinfo') });
mkdirSync(out, { recursive: true });
copy(join(ROOT, 'package.json'), join(out, 'package.json'));
for (const dir of dirs) {
  const rel = relative(ROOT, dir);
  if (!existsSync(join(dir, 'dist'))) fail(`${rel}/dist is missing: was \`nx run-many -t build\` run?`);
  mkdirSync(join(out, rel), { recursive: true });
  copy(join(dir, 'package.json'), join(out, rel, 'package.json'));
  copy(join(dir, 'dist'), join(out, rel, 'dist'));
}
if (!existsSync(join(out, 'services', service, 'dist', 'main.js'))) fail(`services/${service}/dist/main.js is missing`);
if (service === 'gateway') {
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) fail('web/dist/index.html is missing: was the web app built?');
  copy(join(ROOT, 'web', 'dist'), join(out, 'web', 'dist'));
}
console.log(`staged ${service}: ${dirs.map((d) => relative(ROOT, d)).join(', ')}${service === 'gateway' ? ', web/dist' : ''}`);
