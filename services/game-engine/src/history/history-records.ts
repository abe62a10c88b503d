/**
 * What a finished round leaves in the history (docs/architecture.md "History and replay"), from its state:
 * pure functions, shared by the group commit that writes it and the tests.
 */
import { finalIdentity, type GameState, type RoleId, type Team } from '@nightfall/game-rules';

/** A user's outcome of a round, and one player of a finished round as its results showed it (proto GameHistoryPlayer): the REST shapes of `@nightfall/protocol`. */
export type { HistoryOutcome, HistoryPlayerDto as HistoryPlayer } from '@nightfall/protocol';
import type { HistoryOutcome, HistoryPlayerDto as HistoryPlayer } from '@nightfall/protocol';

/** A finished round's rows: the round (`finished_rounds`) and one row per human (`finished_round_players`). */
export interface FinishedRound {
  gameId: string;
  round: number;
  roomCode: string;
  /** Epoch ms when the round reached its results (`phaseStartedAt`). */
  finishedAt: number;
  players: HistoryPlayer[];
  /** The humans' rows (bots have no history). */
  humans: Array<{ userId: string; role: RoleId; finalRole: RoleId; team: Team; outcome: HistoryOutcome }>;
}

/**
 * The history rows of a state in the results phase, or null for any other phase (or results without vote
 * results, which the rules never produce).
 */
export function finishedRoundOf(state: GameState): FinishedRound | null {
  const results = state.voteResults;
  if (state.phase !== 'results' || !results) return null;
  const winners = new Set(results.winners);
  const players: HistoryPlayer[] = state.players
    .filter((p) => p.originalRole !== null && p.currentRole !== null)
    .map((p) => ({
      userId: p.userId,
      displayName: p.displayName,
      seatPosition: p.seatPosition,
      isBot: p.isBot,
      originalRole: p.originalRole!,
      finalRole: p.currentRole!,
      team: finalIdentity(p, state).team,
      isWinner: winners.has(p.userId),
    }));
  const nobodyWon = winners.size === 0;
  return {
    gameId: state.id,
    round: state.round,
    roomCode: state.roomCode,
    finishedAt: state.phaseStartedAt,
    players,
    humans: players
      .filter((p) => !p.isBot)
      .map((p) => ({ userId: p.userId, role: p.originalRole, finalRole: p.finalRole, team: p.team, outcome: nobodyWon ? 'draw' : p.isWinner ? 'won' : 'lost' })),
  };
}
