/**
 * Seat geometry of the Tapper (spec 000 section 2: "tap one adjacent seat. The seat order wraps around.
 * With fewer than 3 players all others are targets"). Framework-free for unit tests.
 */

/** A seat neighbour: the player and which side it sits on. */
export interface Neighbour<P> {
  player: P;
  /** 'left' is the previous seat, 'right' the next one (wrapping); 'both' when it is both. */
  side: 'left' | 'right' | 'both';
}

/**
 * The players seated next to `meId` (previous and next seat, wrapping around), in that order; with fewer
 * than 3 players, every other player. Empty when the viewer sits alone or is not found.
 */
export function adjacentPlayers<P extends { userId: string; seatPosition: number }>(players: readonly P[], meId: string): Array<Neighbour<P>> {
  const seated = [...players].sort((a, b) => a.seatPosition - b.seatPosition);
  const i = seated.findIndex((p) => p.userId === meId);
  if (i < 0 || seated.length < 2) return [];
  const n = seated.length;
  const left = seated[(i - 1 + n) % n]!;
  const right = seated[(i + 1) % n]!;
  if (left.userId === right.userId) return [{ player: left, side: 'both' }];
  return [
    { player: left, side: 'left' },
    { player: right, side: 'right' },
  ];
}
