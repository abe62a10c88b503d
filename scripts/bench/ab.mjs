#!/usr/bin/env node
// Before / after on this machine, in the same hour: alternates `npm run bench` runs of another commit of this
// repository (the base) and of this tree, and prints each run and each side's medians (docs/hot-path.md: a figure
// of one run is a figure of that hour; only alternating runs tell a change from the machine's drift).
//
//   node scripts/bench/ab.mjs --base <commit> [--runs N] [--dir DIR] -- <bench options>
//   node scripts/bench/ab.mjs --base HEAD~1 --runs 3 -- --games 200 --think 2000
//
// The base is checked out as a git worktree in --dir (default: nightfall-ab-<commit> in the system's temporary folder),
// with this tree's node_modules hard-linked into it (the workspace packages are relative links, so they resolve to
// the base's own libs and services) and built there; both sides then run with --no-build --no-engine. This tree must
// be built (`npx nx run-many -t build`). Each run's JSON stays in its tree's test-output/bench/.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, ROOT } from '../lib/workspace.mjs';
import { round, summarize, table } from './stats.mjs';
const dash = process.argv.indexOf('--');
const { values } = parseArgs({
  args: process.argv.slice(2, dash < 0 ? undefined : dash),
  options: { base: { type: 'string' }, runs: { type: 'string', default: '3' }, dir: { type: 'string' } },
});
const benchArgs = dash < 0 ? [] : process.argv.slice(dash + 1);
const runs = Number(values.runs);
if (!values.base || !Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('usage: node scripts/bench/ab.mjs --base <commit> [--runs 1..20] [--dir DIR] -- <bench options>');
  process.exit(2);
}
for (const a of benchArgs) {
  if (['--idle', '--admin', '--themes', '--growth', '--baseline', '--profile', '--engine'].includes(a)) {
    console.error(`ab.mjs compares load runs; ${a} is not one`);
    process.exit(2);
  }
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--verify', `${values.base}^{commit}`);
const dir = resolve(values.dir ?? join(tmpdir(), `nightfall-ab-${commit.slice(0, 8)}`));

/** Runs a command in `cwd`, its output on this terminal; stops on a failure. */
function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (exit ${r.status})`);
}

/** The base's worktree at `commit` (made once, reused by later comparisons), with node_modules, built (nx's cache makes a rebuild of the same base instant). */
function prepareBase() {
  if (!existsSync(dir)) {
    console.log(`[ab] checking ${commit.slice(0, 8)} out in ${dir}`);
    run('git', ['worktree', 'add', '--detach', dir, commit], ROOT);
  } else if (execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim() !== commit) {
    throw new Error(`${dir} holds another commit: remove it (git worktree remove) or pass --dir`);
  }
  if (!existsSync(join(dir, 'node_modules'))) run('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')], ROOT);
  if (readFileSync(join(dir, 'package-lock.json'), 'utf8') !== readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) {
    console.warn(`[ab] warning: ${commit.slice(0, 8)} locks other packages than this tree; its runs use this tree's node_modules`);
  }
  console.log(`[ab] building the base in ${dir}`);
  buildAll({ cwd: dir });
}

/** One bench run in `tree`: the figures of its JSON. */
function bench(tree) {
  const r = spawnSync(process.execPath, ['scripts/bench.mjs', '--no-build', '--no-engine', ...benchArgs], { cwd: tree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const file = /JSON written to (\S+\.json)/.exec(r.stdout + r.stderr)?.[1];
  if (!file) throw new Error(`the bench in ${tree} wrote no JSON (exit ${r.status}):\n${(r.stdout + r.stderr).slice(-2000)}`);
  const load = JSON.parse(readFileSync(join(tree, file), 'utf8')).load;
  const net = load.cpuPerActionNet ?? load.cpuPerAction;
  return {
    ok: r.status === 0,
    actionsPerSecond: load.actionsPerSecond,
    p50: load.latency.all.p50,
    p95: load.latency.all.p95,
    p99: load.latency.all.p99,
    net: net.total,
    gateway: net.byProcess.gateway ?? 0,
    engine: net.byProcess['game-engine'] ?? 0,
    postgres: net.byProcess.postgres ?? 0,
    nats: net.byProcess['nats-server'] ?? 0,
    wrong: load.unanswered + load.viewOrder.duplicate + load.viewOrder.outOfOrder + load.viewOrder.versionsSkipped,
  };
}

const COLUMNS = ['actionsPerSecond', 'p50', 'p95', 'p99', 'net', 'gateway', 'engine', 'postgres', 'nats'];
const HEADER = ['run', 'side', 'actions/s', 'p50 ms', 'p95 ms', 'p99 ms', 'CPU/action net ms', 'gateway', 'game-engine', 'postgres', 'nats-server', 'unanswered+dup+ooo+skipped'];

function main() {
  prepareBase();
  const sides = { base: { tree: dir, runs: [] }, this: { tree: ROOT, runs: [] } };
  const rows = [];
  console.log(`[ab] ${runs} pair(s), base ${commit.slice(0, 8)} then this tree, bench options: ${benchArgs.join(' ') || '(defaults)'}`);
  for (let i = 1; i <= runs; i++) {
    for (const [name, side] of Object.entries(sides)) {
      const r = bench(side.tree);
      side.runs.push(r);
      rows.push([i, name, ...COLUMNS.map((c) => round(r[c], 3)), `${r.wrong}${r.ok ? '' : ' (the run failed)'}`]);
      console.log(`[ab] run ${i} ${name}: ${round(r.net, 3)} ms per action net, ${r.actionsPerSecond} actions/s`);
    }
  }
  // medians (nearest rank, as the bench's percentiles) and their ratio
  const med = Object.fromEntries(Object.entries(sides).map(([name, side]) => [name, Object.fromEntries(COLUMNS.map((c) => [c, summarize(side.runs.map((r) => r[c])).p50]))]));
  for (const [name, m] of Object.entries(med)) rows.push(['median', name, ...COLUMNS.map((c) => round(m[c], 3)), '']);
  rows.push(['ratio', 'this/base', ...COLUMNS.map((c) => (med.base[c] ? round(med.this[c] / med.base[c], 3) : null)), '']);
  console.log(`\n${table(HEADER, rows)}`);
  const failed = Object.values(sides).some((s) => s.runs.some((r) => !r.ok || r.wrong > 0));
  return failed ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`[ab] ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
