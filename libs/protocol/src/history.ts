/**
 * REST bodies of a signed-in player's history and replays (docs/architecture.md "History and replay"),
 * answered by the gateway from game-engine. Zod-free: safe for the browser bundle. Times are ISO-8601
 * strings (UTC); roles are catalogue role names or custom role ids (`custom:<id>`).
 */
import type { GameView, RoleId, Team } from '@nightfall/game-rules';

/** A round's outcome for the player: won, lost, or draw when nobody won it (docs/rules.md "Wins"). */
export type HistoryOutcome = 'won' | 'lost' | 'draw';

/** One player of a finished round as its results showed it. */
export interface HistoryPlayerDto {
  userId: string;
  displayName: string;
  /** 0-based seat. */
  seatPosition: number;
  isBot: boolean;
  /** The card the player was dealt. */
  originalRole: RoleId;
  /** The card held at dawn. */
  finalRole: RoleId;
  /** The final team (docs/rules.md "Identity at dawn"). */
  team: Team;
  isWinner: boolean;
}

/** One finished round the signed-in user played (GET /api/history). */
export interface HistoryEntryDto {
  gameId: string;
  /** The game's round (1 for the first; Play Again adds one): GET /api/history/{gameId}/{round}. */
  round: number;
  roomCode: string;
  /** When the round reached its results (ISO 8601). */
  finishedAt: string;
  /** The user's dealt card. */
  role: RoleId;
  /** The user's card at dawn. */
  finalRole: RoleId;
  /** The user's final team. */
  team: Team;
  outcome: HistoryOutcome;
  /** Every player, seat order. */
  players: HistoryPlayerDto[];
}

/** GET /api/history?cursor=&limit= -> a page, newest first; `nextCursor` null when there is no older round. */
export interface HistoryPageDto {
  entries: HistoryEntryDto[];
  nextCursor: string | null;
}

/**
 * GET /api/history/{gameId}/{round} -> the round's entry and the user's results view of it (the same view the
 * results screen showed; `nightReplay` of @nightfall/game-rules derives the night replay from it).
 */
export interface GameReplayDto {
  entry: HistoryEntryDto;
  view: GameView;
}

/** Path of the history list. */
export const HISTORY_PATH = '/api/history';

/** Path of one finished round's replay. */
export const historyReplayPath = (gameId: string, round: number): string => `/api/history/${encodeURIComponent(gameId)}/${round}`;
