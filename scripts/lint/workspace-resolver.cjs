// Import resolver for eslint-plugin-boundaries (eslint.config.js, docs/toolchain.md "Lint"): maps
// `@nightfall/<name>[/<subpath>]` to the workspace's source folder (libs/*, services/*, web) through
// its package.json `exports` (./dist/x.js -> src/x.ts), so a boundary holds before anything is built
// and never goes through node_modules (a symlinked workspace would otherwise look external); maps
// relative `./x.js` imports to the `.ts` files TypeScript's nodenext resolution means. Anything else
// (third-party packages, Node built-ins) stays unresolved, and the plugin classifies it by name.
// CommonJS because eslint-module-utils loads resolvers with require().
'use strict';
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, resolve: resolvePath } = require('node:path');

const ROOT = resolvePath(__dirname, '../..');
const SCOPE = '@nightfall/';

/** @type {Map<string, {dir: string, pkg: any}> | undefined} workspace name -> folder and package.json */
let workspaces;
function workspaceMap() {
  if (workspaces) return workspaces;
  workspaces = new Map();
  const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const pattern of rootPkg.workspaces ?? []) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(ROOT, pattern.slice(0, -2), d.name))
      : [join(ROOT, pattern)];
    for (const dir of dirs) {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      workspaces.set(pkg.name, { dir, pkg });
    }
  }
  return workspaces;
}

const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** The first existing source file for a path as written in an import (`x.js` may mean `x.ts`). */
function sourceFile(path) {
  const candidates = [path];
  const swap = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
  for (const [ext, repl] of Object.entries(swap)) {
    if (path.endsWith(ext)) candidates.push(...repl.map((r) => path.slice(0, -ext.length) + r));
  }
  candidates.push(...['.ts', '.tsx', '.js', '.mjs'].map((e) => path + e));
  candidates.push(...['index.ts', 'index.tsx', 'index.js', 'index.mjs'].map((i) => join(path, i)));
  return candidates.find(isFile) ?? null;
}

/** The export target for a subpath ('.' or './x') from a package.json, or null. */
function exportTarget(pkg, subpath) {
  let entry = pkg.exports?.[subpath];
  if (entry === undefined && subpath === '.') entry = pkg.exports ?? pkg.main;
  while (entry && typeof entry === 'object') entry = entry.default ?? entry.import ?? entry.types;
  return typeof entry === 'string' ? entry : null;
}

function resolveWorkspace(source) {
  const [, name, rest] = /^(@nightfall\/[^/]+)(\/.*)?$/.exec(source) ?? [];
  const ws = name && workspaceMap().get(name);
  if (!ws) return null;
  const subpath = rest ? `.${rest}` : '.';
  const target = exportTarget(ws.pkg, subpath);
  // ./dist/x.js (compiled) -> ./src/x.ts (its source); other targets (./launcher/index.mjs) as they are
  const fromDist = target && /^\.\/dist\/(.+)\.js$/.exec(target);
  const found =
    (fromDist && sourceFile(join(ws.dir, 'src', `${fromDist[1]}.js`))) ||
    (target && sourceFile(join(ws.dir, target))) ||
    (rest && sourceFile(join(ws.dir, rest))) ||
    sourceFile(join(ws.dir, 'src/index.ts')) ||
    sourceFile(join(ws.dir, 'src/main.ts'));
  // A workspace without such an entry (a service has none) still belongs to its folder.
  return found ?? join(ws.dir, 'package.json');
}

exports.interfaceVersion = 2;

/** eslint-module-utils resolver interface v2. */
exports.resolve = function resolve(source, file) {
  if (source.startsWith(SCOPE)) {
    const path = resolveWorkspace(source);
    return path ? { found: true, path } : { found: false };
  }
  if (source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..') {
    const path = sourceFile(resolvePath(dirname(file), source));
    return path ? { found: true, path } : { found: false };
  }
  return { found: false };
};
