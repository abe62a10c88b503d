#!/usr/bin/env node
// `npm test`: every test tier this machine can run.
//  1. installs dependencies when missing; 2. PostgreSQL and NATS: DATABASE_URL / NATS_URL when set,
//     else an embedded PostgreSQL and a local nats-server (as `npm start` does); builds everything; then, while
//     the gateway's, identity's and game-engine's tests run beside them (SIDE_LANE): 3. lint (`npm run lint`: ESLint with the
//     module boundaries, zero warnings; counts as one test); 4. type-checks every project with its specs and the
//     browser tests (one test each); 5. unit + integration tests of every other project (jest, real PostgreSQL
//     and NATS);
//  6. browser tests in Debian's Chromium (playwright-core); 7. the chaos suite's short run (one test per
//     fault: scripts/chaos.mjs --short); 8. deployment checks.
// Ends with a summary of what failed (jest's failing suites and tests with the first lines of their error,
// failed steps) and one line "nightfall: N passed, N failed", so the tail of the log says what broke.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { installIfNeeded, NX_ENV, ROOT } from './lib/workspace.mjs';

const started = Date.now();
/** Logs a step with the minutes and seconds since `npm test` started (the CI log shows where the time goes). */
const log = (m) => {
  const s = Math.round((Date.now() - started) / 1000);
  console.log(`[test +${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s] ${m}`);
};
/**
 * Runs a command and returns {code, output}. Its output is echoed as it comes, or all at once when it ends with
 * `held` (a command run beside another one, so that the log does not mix their lines).
 */
function run(cmd, args, env, { held = false } = {}) {
  return new Promise((res) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (stream, out) => stream.on('data', (d) => { output += d; if (!held) out.write(d); });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('exit', (code) => {
      if (held) process.stdout.write(output);
      res({ code: code ?? 1, output });
    });
  });
}

/**
 * The projects whose tests run beside everything else of steps 3-5 (lint, type checks, the other projects' tests):
 * the gateway's suite is the longest (about 40 % of the tests' time, each file on a stack of its own), and alone
 * after the others it left one of the two cores idle for minutes; with identity's and game-engine's, the two lanes
 * take about as long.
 */
const SIDE_LANE = ['@nightfall/gateway', '@nightfall/identity', '@nightfall/game-engine'];

/** Sums jest's "Tests: ..." summary lines. */
function countJest(output) {
  let passed = 0;
  let failed = 0;
  for (const line of output.split('\n')) {
    const m = /Tests:\s+(.*\d+ total)/.exec(stripVTControlCharacters(line));
    if (!m) continue;
    passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  }
  return { passed, failed };
}

/**
 * Jest's failures in an output: "FAIL <file>" lines and each "● Suite › test" heading with the first lines
 * of its error (at most `context` lines), for the summary at the end of the run.
 */
function jestFailures(output, context = 12) {
  const lines = output.split('\n').map((l) => stripVTControlCharacters(l));
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*FAIL\s/.test(line)) found.push(line.trim());
    else if (/^\s*● .+ › /.test(line)) {
      const body = lines.slice(i + 1, i + 1 + context).filter((l) => l.trim() !== '');
      found.push([line.trim(), ...body.map((l) => `    ${l.trim()}`)].join('\n'));
    }
  }
  return found;
}

async function main() {
  installIfNeeded(log);
  const { ensurePostgres, ensureNats } = await import('@nightfall/testing/launcher');
  const pg = await ensurePostgres(log);
  const nats = await ensureNats(log);
  const env = { ...NX_ENV, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? pg.url, NATS_URL: nats.url, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  let passed = 0;
  let failed = 0;
  let broken = false;
  /** What failed, printed again at the end. */
  const failures = [];
  /** Counts a step that is one test (lint, a type check, the deployment checks). */
  const step = (name, code) => {
    if (code === 0) passed++;
    else {
      failed++;
      failures.push(name);
    }
  };
  /** Counts a jest run of unit and integration tests. */
  const unitTests = (unit) => {
    const u = countJest(unit.output);
    passed += u.passed;
    failed += u.failed;
    if (unit.code !== 0 && u.failed === 0) broken = true;
    if (unit.code !== 0) failures.push('unit and integration tests:', ...jestFailures(unit.output));
  };
  try {
    log('building (nx run-many -t build)...');
    const build = await run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], env);
    if (build.code !== 0) throw new Error('build failed');

    // two lanes on the two cores: the side lane's suites (their output printed when they end), and the rest
    log(`unit and integration tests of ${SIDE_LANE.join(', ')}, beside lint, type checks and the other projects' tests...`);
    const side = (async () => {
      const results = [];
      for (const project of SIDE_LANE) results.push(await run('npm', ['run', 'test', '-w', project], env, { held: true }));
      log(`tests of ${SIDE_LANE.join(', ')} done`);
      return results;
    })();

    log('lint (npm run lint: ESLint, module boundaries, --max-warnings=0)...');
    const lint = await run('npm', ['run', 'lint'], env);
    step('lint (npm run lint)', lint.code);

    log('type check of every project, specs included (nx run-many -t typecheck)...');
    // --excludeTaskDependencies: everything is built above, and a dependency's build restored from nx's cache would
    // rewrite the dist files the side lane's tests are reading at that moment
    const types = await run('npx', ['nx', 'run-many', '-t', 'typecheck', '--parallel=1', '--excludeTaskDependencies', '--outputStyle=static'], env);
    step('type check (nx run-many -t typecheck)', types.code);

    log('type check of the browser tests (tsc -p web/e2e/tsconfig.json)...');
    const e2eTypes = await run('npx', ['tsc', '-p', 'web/e2e/tsconfig.json', '--noEmit'], env);
    step('type check of the browser tests', e2eTypes.code);

    log('unit and integration tests of the other projects (nx run-many -t test)...');
    unitTests(await run('npx', ['nx', 'run-many', '-t', 'test', '--parallel=1', '--excludeTaskDependencies', `--exclude=${SIDE_LANE.join(',')}`, '--outputStyle=static', '--skip-nx-cache'], env));
    for (const r of await side) unitTests(r);

    log('browser tests (Chromium)...');
    const e2e = await run('npm', ['run', 'test:e2e', '-w', '@nightfall/web'], env);
    const e = countJest(e2e.output);
    passed += e.passed;
    failed += e.failed;
    if (e2e.code !== 0 && e.failed === 0) broken = true;
    if (e2e.code !== 0) failures.push('browser tests:', ...jestFailures(e2e.output));

    log('chaos suite, short run (scripts/chaos.mjs --short: 2 gateways, 2 game-engines, a private PostgreSQL and NATS; one wave of games per fault)...');
    const chaos = await run(process.execPath, ['scripts/chaos.mjs', '--no-build', '--short'], env);
    const cm = /chaos: (\d+) passed, (\d+) failed/.exec(chaos.output);
    if (cm) {
      passed += Number(cm[1]);
      failed += Number(cm[2]);
      if (Number(cm[2]) > 0) failures.push(...chaos.output.split('\n').filter((l) => l.startsWith('chaos: FAIL')));
    } else step('chaos suite (no summary line)', 1);

    log('deployment checks (deploy/validate.mjs: chart values vs schema, env coverage, skaffold, Dockerfile, k6, workspace dependencies)...');
    const dep = await run(process.execPath, ['deploy/validate.mjs'], env);
    step('deployment checks (deploy/validate.mjs)', dep.code);
  } catch (err) {
    console.error(`[test] ${err.message}`);
    failures.push(err.message);
    broken = true;
  } finally {
    await nats.stop();
    await pg.stop();
  }
  log('done');
  if (failures.length > 0) console.log(`[test] what failed:\n${failures.join('\n')}`);
  console.log(`nightfall: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || broken ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
