/**
 * Small internal helpers shared by the engine modules.
 */
import { RulesError } from './errors.js';
import type { GameState, PlayerState } from './types.js';

/** Deep copy of a JSON-shaped value (GameState holds only plain data). */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The player with `userId`, or undefined. */
export function findPlayer(state: GameState, userId: string): PlayerState | undefined {
  return state.players.find((p) => p.userId === userId);
}

/**
 * The player with `userId`.
 * @throws RulesError NOT_A_PLAYER when the user is not seated in this game
 */
export function requirePlayer(state: GameState, userId: string): PlayerState {
  const p = findPlayer(state, userId);
  if (!p) throw new RulesError('NOT_A_PLAYER', 'You are not a player in this game');
  return p;
}

/** Re-sorts players by seat and renumbers seats 0..n-1 (keeps relative order). */
export function compactSeats(state: GameState): void {
  state.players.sort((a, b) => a.seatPosition - b.seatPosition);
  state.players.forEach((p, i) => {
    p.seatPosition = i;
  });
}

/** Joins names for player-facing text: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A fresh per-round player record (every night/vote field reset). */
export function resetRoundFields(p: PlayerState): void {
  p.originalRole = null;
  p.currentRole = null;
  p.isReady = p.isBot;
  p.hasSubmitted = false;
  p.wantsPlayAgain = false;
  p.actionData = null;
  p.copyActionData = null;
  p.actionResult = null;
  p.immediateResult = null;
  p.voteTarget = null;
  p.artifactId = null;
  p.convertedBy = null;
  p.stalkerTarget = null;
  p.stalkerMarked = false;
  p.isTappedByThing = false;
  p.protectedPlayer = null;
  p.transformedTo = null;
}

/** A new player record for the lobby. */
export function newPlayer(userId: string, displayName: string, isBot: boolean, seat: number, now: number): PlayerState {
  const p = {
    userId,
    displayName,
    isBot,
    seatPosition: seat,
    joinedAt: now,
  } as PlayerState;
  resetRoundFields(p);
  return p;
}
