import { counter, grpcCodeOf, histogram } from '@nightfall/server-kit';

/**
 * game-engine's own metrics (docs/architecture.md "Metrics and traces"): commands executed and how late phase
 * deadlines fire. Games by phase are read from the store at every scrape (see GameMetricsModule). The hot path
 * only increments label children made once.
 */

/** How a command ended: applied, refused (bad input or the rules said no) or failed (anything else). */
export type CommandOutcome = 'ok' | 'rejected' | 'error';

/** gRPC codes of a refused command (the caller's fault); any other failure is an `error`. */
const REFUSED = new Set(['INVALID_ARGUMENT', 'FAILED_PRECONDITION', 'NOT_FOUND', 'PERMISSION_DENIED', 'ALREADY_EXISTS']);
/** Distinct action labels at most; more (never, with the protocol's actions) are counted as `other`. */
const ACTIONS_MAX = 40;

const commands = counter('nightfall_game_commands_total', 'Commands (game actions) executed on this replica, by action and outcome (ok, rejected, error); rate() = commands per second.', ['action', 'outcome']);
const children = new Map<string, Record<CommandOutcome, { inc(): void }>>();

/** The counters of one action name (bounded: lowercase names, at most ACTIONS_MAX of them). */
function childrenOf(action: string): Record<CommandOutcome, { inc(): void }> {
  let c = children.get(action);
  if (c) return c;
  const label = /^[a-z_]{1,40}$/.test(action) && children.size < ACTIONS_MAX ? action : 'other';
  c = children.get(label) ?? { ok: commands.labels(label, 'ok'), rejected: commands.labels(label, 'rejected'), error: commands.labels(label, 'error') };
  children.set(label, c);
  if (label === action) children.set(action, c);
  return c;
}

/**
 * Runs one command and counts it by action and outcome (`nightfall_game_commands_total`).
 * @param notHere errors that mean "run elsewhere" (the game's owner is another replica): not counted here
 * @returns what `run` returns; rethrows what it throws
 */
export async function countCommand<T>(action: string, run: () => Promise<T>, notHere: (err: unknown) => boolean = () => false): Promise<T> {
  const c = childrenOf(action);
  try {
    const out = await run();
    c.ok.inc();
    return out;
  } catch (err) {
    if (notHere(err)) throw err;
    (REFUSED.has(grpcCodeOf(err)) ? c.rejected : c.error).inc();
    throw err;
  }
}

const sweeperLag = histogram(
  'nightfall_game_deadline_lag_seconds',
  'How late a phase deadline (discussion, vote) was applied after it was due, s: the deadline sweeper lag.',
  [],
  [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
);

/** A due deadline is being applied `lagMs` (ms) after it was due. */
export function observeDeadlineLag(lagMs: number): void {
  sweeperLag.observe(Math.max(0, lagMs) / 1000);
}
