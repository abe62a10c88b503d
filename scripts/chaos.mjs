#!/usr/bin/env node
// `npm run chaos`: the chaos suite (docs/faults.md "The chaos suite"). Starts its own PostgreSQL (embedded)
// and nats-server, the stack with 2 gateways and 2 game-engines, and plays waves of concurrent games while
// it kills -9 a game-engine mid-night and mid-vote, a gateway mid-discussion, and restarts NATS and
// PostgreSQL. Prints a table per fault: games completed, commands lost (must be 0) and duplicated (must be 0),
// time to recover (p95), reconnects and reloads (must be 0). Exits 1 when a fault loses, duplicates, leaves a
// game unfinished or needs a reload, or when an engine's kill struck none of the wave's games.
//   --games N     games per wave (default 20; `npm test` runs --short: 4)
//   --short       the short run of `npm test`
//   --only KIND   engine | gateway | nats | postgres (repeatable)
//   --no-build    skip `nx run-many -t build`
import { parseArgs } from 'node:util';
import { buildAll } from './lib/workspace.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    short: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
    think: { type: 'string' },
  },
});
const log = (m) => console.log(`[chaos] ${m}`);

async function main() {
  if (!values['no-build']) buildAll();
  const { runChaos, chaosTable } = await import('./chaos/run.mjs');
  const games = Number(values.games ?? (values.short ? 4 : 20));
  const records = await runChaos({ games, only: values.only, thinkMs: values.think ? Number(values.think) : undefined, log });
  console.log(`\n${chaosTable(records)}\n`);
  let passed = 0;
  let failed = 0;
  for (const r of records) {
    // an engine's kill that struck none of the wave's games proved nothing
    const ok = r.completed === r.games && r.lost === 0 && r.duplicated === 0 && r.reloads === 0 && r.struck !== 0;
    if (ok) passed++;
    else failed++;
    console.log(`chaos: ${ok ? 'PASS' : 'FAIL'} ${r.fault}${r.struck === 0 ? ' (the killed engine owned none of the games)' : ''}${r.lostSamples.length ? ` (lost: ${r.lostSamples.join(', ')})` : ''}${Object.keys(r.errors).length ? ` errors ${JSON.stringify(r.errors)}` : ''}`);
  }
  console.log(`chaos: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(`[chaos] ${err.stack ?? err.message}`);
  process.exit(1);
});
