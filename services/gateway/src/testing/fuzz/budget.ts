/**
 * The fuzzer's budget (docs/architecture.md "Fuzzing"): `npm test` runs every fuzz property with a fixed seed
 * and {@link SHORT_RUNS} runs; `npm run fuzz` sets FUZZ_RUNS higher and FUZZ_SEED to a random (printed) seed.
 * A failure prints the seed, so `FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npm run fuzz` replays it.
 */
import type { Parameters, RunDetails } from 'fast-check';

/** The seed of the short run inside `npm test` (any fixed number: the run is then the same every time). */
export const SHORT_SEED = 20_261_123;
/** fast-check runs per property inside `npm test`; each run is a batch of frames or requests. */
export const SHORT_RUNS = 30;

/** Seed and runs of this test process. */
export interface FuzzBudget {
  seed: number;
  runs: number;
}

/**
 * Reads FUZZ_SEED and FUZZ_RUNS (both optional; defaults: the short run of `npm test`).
 * @throws when either is set but not a whole number (FUZZ_RUNS at least 1)
 */
export function fuzzBudget(env: NodeJS.ProcessEnv = process.env): FuzzBudget {
  const read = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min}, got '${raw}'`);
    return n;
  };
  return { seed: read('FUZZ_SEED', SHORT_SEED, -(2 ** 31)), runs: read('FUZZ_RUNS', SHORT_RUNS, 1) };
}

/**
 * fast-check parameters of one property: the budget's seed (shifted by `salt`, so two properties do not draw
 * the same values) and runs. `endOnFailure`: the checks name the exact frame or request that failed, and a
 * rejected message that did change the game would make every shrinking run start from another state.
 * @param salt distinguishes the properties of one run
 * @param extra more parameters (e.g. `interruptAfterTimeLimit` in a phase with a deadline)
 */
export function propertyParams<T>(budget: FuzzBudget, salt: number, extra: Parameters<T> = {}): Parameters<T> {
  return { seed: (budget.seed + salt * 7919) | 0, numRuns: budget.runs, endOnFailure: true, reporter: briefReport, ...extra };
}

/**
 * fast-check's report without the counterexample (a batch of frames with their padding runs to megabytes): the
 * failure's own message names the frame or request, and the seed replays the run.
 * @throws on a failed run
 */
function briefReport<T>(details: RunDetails<T>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`fuzz property failed after ${details.numRuns} run(s) (FUZZ_SEED=${details.seed} for this property; replay the whole run with the printed FUZZ_SEED):\n${cause}`);
}

/** Counts of what the fuzzer sent, by kind, for the summary line. */
export class FuzzTally {
  private readonly counts = new Map<string, number>();

  /** Counts one message of `kind`. */
  add(kind: string, n = 1): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }

  /** Messages counted so far. */
  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }

  /** `total (kind n, kind n, ...)`, kinds sorted by name. */
  toString(): string {
    const parts = [...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`);
    return `${this.total} (${parts.join(', ')})`;
  }
}
