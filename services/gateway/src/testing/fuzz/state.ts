/**
 * What "nothing changed" means for the fuzzer (docs/architecture.md "Fuzzing"): the games' snapshots as their
 * players get them over REST, and every row of every service's tables.
 */
import { api, openTableDigests, type RunningStack, type TableDigestReader } from '@nightfall/testing';

/** Tables that change on their own: the engines' leases (renewed every second). */
const MOVING_TABLES = ['game.engines'];

/** A picture of the stack's state. */
export interface StatePicture {
  games: Record<string, unknown>;
  tables: Record<string, string>;
}

/** Takes pictures of one stack's state (see {@link StatePicture}). */
export class StateCamera {
  private constructor(
    private readonly stack: RunningStack,
    private readonly tables: TableDigestReader,
    private readonly games: Record<string, string>,
  ) {}

  /**
   * @param games game id -> cookie of a player of it: each game's snapshot (version, view, chat) as that player gets it
   */
  static async open(stack: RunningStack, games: Record<string, string>): Promise<StateCamera> {
    return new StateCamera(stack, await openTableDigests(stack.databaseUrl, { skip: MOVING_TABLES }), games);
  }

  /** The games' snapshots and the table digests now. */
  async picture(): Promise<StatePicture> {
    const [tables, snaps] = await Promise.all([
      this.tables.read(),
      Promise.all(
        Object.entries(this.games).map(async ([gameId, cookie]) => {
          const res = await api(this.stack.url, `/api/games/${gameId}`, undefined, cookie);
          if (res.status !== 200) throw new Error(`GET /api/games/${gameId}: ${res.status} ${JSON.stringify(res.body)}`);
          return [gameId, res.body as unknown] as const;
        }),
      ),
    ]);
    return { tables, games: Object.fromEntries(snaps) };
  }

  close(): Promise<void> {
    return this.tables.close();
  }
}

/**
 * What differs between two pictures (game versions and phases, changed tables), or null when nothing does.
 */
export function differences(before: StatePicture, after: StatePicture): string | null {
  const out: string[] = [];
  for (const [id, snap] of Object.entries(before.games)) {
    const a = JSON.stringify(snap);
    const b = JSON.stringify(after.games[id]);
    if (a === b) continue;
    const v = (s: unknown) => (s as { version?: number; view?: { game?: { phase?: string } } } | undefined);
    out.push(`game ${id}: version ${v(snap)?.version} -> ${v(after.games[id])?.version}, phase ${v(snap)?.view?.game?.phase} -> ${v(after.games[id])?.view?.game?.phase}`);
  }
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    if (before.tables[table] !== after.tables[table]) out.push(`table ${table} changed`);
  }
  return out.length > 0 ? out.join('; ') : null;
}

/**
 * Checks that every process of the stack still runs (no crash).
 * @throws naming the processes that exited
 */
export function assertAlive(stack: RunningStack): void {
  const dead = [...stack.children].filter(([, c]) => c.exitCode !== null || c.signalCode !== null).map(([name, c]) => `${name} (${c.exitCode ?? c.signalCode})`);
  if (dead.length > 0) throw new Error(`crashed: ${dead.join(', ')}`);
}
