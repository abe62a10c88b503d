/**
 * What "nothing changed" means for the fuzzer (docs/architecture.md "Fuzzing"): the games' snapshots as their
 * players get them over REST, and every row of every service's tables.
 */
import { api, tableDigests, type RunningStack } from '@nightfall/testing';

/** Tables that change on their own: the engines' leases (renewed every second). */
const MOVING_TABLES = ['game.engines'];

/** A picture of the stack's state. */
export interface StatePicture {
  games: Record<string, unknown>;
  tables: Record<string, string>;
}

/**
 * Takes the picture: each game's snapshot (version, view, chat) as seen with `cookie`, and the table digests.
 * @param games game id -> cookie of a player of it
 */
export async function pictureOf(stack: RunningStack, games: Record<string, string>): Promise<StatePicture> {
  const out: StatePicture = { games: {}, tables: await tableDigests(stack.databaseUrl, { skip: MOVING_TABLES }) };
  for (const [gameId, cookie] of Object.entries(games)) {
    const res = await api(stack.url, `/api/games/${gameId}`, undefined, cookie);
    if (res.status !== 200) throw new Error(`GET /api/games/${gameId}: ${res.status} ${JSON.stringify(res.body)}`);
    out.games[gameId] = res.body;
  }
  return out;
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
 * True while every process of the stack runs (no crash).
 * @throws naming the processes that exited
 */
export function assertAlive(stack: RunningStack): void {
  const dead = [...stack.children].filter(([, c]) => c.exitCode !== null || c.signalCode !== null).map(([name, c]) => `${name} (${c.exitCode ?? c.signalCode})`);
  if (dead.length > 0) throw new Error(`crashed: ${dead.join(', ')}`);
}
