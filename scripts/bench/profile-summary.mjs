#!/usr/bin/env node
// Summarises a V8 .cpuprofile (as `npm run bench -- --profile DIR` writes them): self time by function and by
// package or file, as shares of the process's busy (non-idle) samples. Usage:
//   node scripts/bench/profile-summary.mjs DIR/gateway.cpuprofile [--top N] [--inclusive NAME]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, inclusive: { type: 'string', multiple: true } } });
const top = Number(values.top);
for (const file of positionals) summarise(file);

/** Where a frame comes from: an npm package, node itself, or a file of ours. */
function originOf(url) {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const m = url.match(/(services|libs)\/([^/]+)\/(?:dist|src)\/(.*)$/);
  return m ? `${m[1]}/${m[2]}/${m[3].replace(/\.js$/, '')}` : url;
}

function summarise(file) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map();
  for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  let busy = 0;
  const fn = new Map();
  const origin = new Map();
  const inclusive = new Map((values.inclusive ?? []).map((n) => [n, 0]));
  for (const [id, c] of counts) {
    const n = byId.get(id);
    const f = n.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    busy += c;
    const key = `${f.functionName || '(anonymous)'} ${originOf(f.url)}${f.url ? ':' + (f.lineNumber + 1) : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + c);
    const o = f.functionName === '(garbage collector)' ? '(gc)' : originOf(f.url);
    origin.set(o, (origin.get(o) ?? 0) + c);
    if (inclusive.size) {
      const seen = new Set();
      for (let x = id; x !== undefined; x = parent.get(x)) {
        const name = byId.get(x).callFrame.functionName;
        if (inclusive.has(name) && !seen.has(name)) {
          seen.add(name);
          inclusive.set(name, inclusive.get(name) + c);
        }
      }
    }
  }
  const pct = (c) => ((100 * c) / busy).toFixed(1).padStart(5) + ' %';
  const ms = ((p.endTime - p.startTime) / 1000) | 0;
  console.log(`\n== ${file}: ${busy} busy samples of ${p.samples.length} over ${ms} ms ==`);
  console.log('-- self time by origin');
  for (const [k, c] of [...origin].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(c)}  ${k}`);
  console.log('-- self time by function');
  for (const [k, c] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(c)}  ${k}`);
  if (inclusive.size) {
    console.log('-- inclusive');
    for (const [k, c] of inclusive) console.log(`${pct(c)}  ${k}`);
  }
}
