#!/usr/bin/env node
// The JavaScript the players' home route loads, gzip -9 and brotli (quality 11, as the build's precompressed
// copies), as a browser fetches it: the entry chunk and its modulepreloads from index.html, the lazily loaded
// HomePage chunk, and every chunk they import statically. Chunks loaded by a dynamic import at start-up are not
// seen here: web/e2e/static-assets.e2e.spec.ts measures the home route in Chromium.
//
//   node scripts/bench/home-route-size.mjs [distDir]
//
// Without distDir it builds the web app (vite build) into a temporary folder first. Prints one line per
// chunk (gzip, brotli) and the totals in kB (1 kB = 1000 bytes). See scripts/bench/README.md "Home route size".
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** gzip -9 and brotli (quality 11) sizes (bytes) of the home route's chunks, by file name. */
export function homeRouteChunks(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const start = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const home = readdirSync(join(dist, 'assets')).find((f) => /^HomePage-.*\.js$/.test(f));
  if (!home) throw new Error(`no HomePage chunk in ${dist}/assets`);
  const seen = new Set();
  const queue = [...start, `assets/${home}`];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    const src = readFileSync(join(dist, f), 'utf8');
    for (const m of src.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  return new Map(
    [...seen].map((f) => {
      const bytes = readFileSync(join(dist, f));
      return [f, { gzip: gzipSync(bytes, { level: 9 }).length, br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length }];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let dist = process.argv[2];
  let temp = null;
  if (!dist) {
    temp = mkdtempSync(join(tmpdir(), 'nf-web-'));
    execFileSync('npx', ['vite', 'build', '--outDir', temp, '--emptyOutDir'], { cwd: join(ROOT, 'web'), stdio: 'ignore' });
    dist = temp;
  }
  const kB = (n) => (n / 1000).toFixed(2).padStart(8);
  const chunks = [...homeRouteChunks(dist)].sort((a, b) => b[1].gzip - a[1].gzip);
  console.log('    gzip  brotli chunk');
  for (const [f, s] of chunks) console.log(`${kB(s.gzip)}${kB(s.br)} ${f}`);
  const gzip = chunks.reduce((n, [, s]) => n + s.gzip, 0);
  const br = chunks.reduce((n, [, s]) => n + s.br, 0);
  console.log(`home route JavaScript: ${(gzip / 1000).toFixed(2)} kB gzip, ${(br / 1000).toFixed(2)} kB brotli (${chunks.length} chunks)`);
  if (temp) rmSync(temp, { recursive: true, force: true });
}
