#!/usr/bin/env node
// `npm run fuzz`: the fuzzer of the socket protocol and the REST API (services/gateway/src/fuzz/), longer than
// its short run inside `npm test` and with a new seed each time (docs/architecture.md "Fuzzing").
//
//   node scripts/fuzz.mjs [--runs N] [--seed S] [--no-build]
//
// --runs N   fast-check runs per property (default FUZZ_RUNS, else 300; `npm test` runs 30): each run is a
//            batch of 45-60 frames or 25-40 requests, so 300 runs try about 120,000 messages (about 5 minutes on 2 cores)
// --seed S   the seed (default FUZZ_SEED, else a random one); it is printed first: a failure is replayed with
//            `npm run fuzz -- --seed S --runs N`
// --no-build skip the nx build (use the existing dist/)
//
// Installs when needed, uses DATABASE_URL / NATS_URL or starts the local servers as `npm test` does, builds,
// and runs the gateway's fuzz spec with FUZZ_RUNS and FUZZ_SEED. Exits with jest's code.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildAll, installIfNeeded, NX_ENV, ROOT } from './lib/workspace.mjs';

const log = (m) => console.log(`[fuzz] ${m}`);

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: process.env.FUZZ_RUNS ?? '300' },
      seed: { type: 'string', default: process.env.FUZZ_SEED ?? String(randomInt(2 ** 31 - 1)) },
      'no-build': { type: 'boolean', default: false },
    },
  });
  for (const [name, value] of [['--runs', values.runs], ['--seed', values.seed]]) {
    if (!/^-?\d+$/.test(value)) throw new Error(`${name} must be a whole number, got '${value}'`);
  }
  log(`seed ${values.seed}, ${values.runs} runs per property (replay: npm run fuzz -- --seed ${values.seed} --runs ${values.runs})`);
  installIfNeeded(log);
  const { ensurePostgres, ensureNats } = await import('@nightfall/testing/launcher');
  const pg = await ensurePostgres(log);
  const nats = await ensureNats(log);
  let code;
  try {
    if (!values['no-build']) {
      log('building (nx run-many -t build)...');
      buildAll({ stdio: ['ignore', 'ignore', 'inherit'] });
    }
    const env = {
      ...process.env,
      ...NX_ENV,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? pg.url,
      NATS_URL: nats.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      FUZZ_RUNS: values.runs,
      FUZZ_SEED: values.seed,
    };
    code = await new Promise((resolve) => {
      const child = spawn('npm', ['test', '-w', '@nightfall/gateway', '--', 'src/fuzz/'], { cwd: ROOT, env, stdio: 'inherit' });
      child.on('exit', (c) => resolve(c ?? 1));
    });
  } finally {
    await nats.stop();
    await pg.stop();
  }
  log(`${code === 0 ? 'passed' : 'FAILED'} (seed ${values.seed}, ${values.runs} runs per property)`);
  process.exit(code);
}

main().catch((err) => {
  console.error(`[fuzz] ${err.message}`);
  process.exit(1);
});
