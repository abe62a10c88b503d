import { CommonErrorCode, ERROR_TITLE } from '@nightfall/protocol';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import type { RulesErrorCode } from '@nightfall/game-rules';

/**
 * Every error code game-engine answers with (docs/architecture.md "Errors"): its own, the common ones,
 * and the rules engine's `RulesErrorCode` (the rules' player-facing texts pass through unchanged; the
 * super admin's refused role change is the rules' ADMIN_ROLE_FAILED 'Error' / 'Failed to update player role').
 */
export const GameErrorCode = {
  ...CommonErrorCode,
  /** No game with this id or room code: 'Game not found' (NOT_FOUND). */
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  /** The caller is not a player of the game: 'Player not found' (PERMISSION_DENIED). */
  PLAYER_NOT_FOUND: 'PLAYER_NOT_FOUND',
  /**
   * A finished round the caller did not play, or that is not stored: 'This game is not in your history'
   * (NOT_FOUND; docs/architecture.md "History and replay").
   */
  HISTORY_NOT_FOUND: 'HISTORY_NOT_FOUND',
  /** The seating body is malformed: 'Failed to rearrange seating' (INVALID_ARGUMENT). */
  INVALID_SEATING: 'INVALID_SEATING',
} as const;
export type GameErrorCode = (typeof GameErrorCode)[keyof typeof GameErrorCode] | RulesErrorCode;

/** NOT_FOUND 'Game not found'. */
export const gameNotFound = () => rpcError(GrpcStatus.NOT_FOUND, { code: GameErrorCode.GAME_NOT_FOUND, title: ERROR_TITLE, message: 'Game not found' });

/** PERMISSION_DENIED 'Player not found': the caller is not a player of the game. */
export const playerNotFound = () => rpcError(GrpcStatus.PERMISSION_DENIED, { code: GameErrorCode.PLAYER_NOT_FOUND, title: ERROR_TITLE, message: 'Player not found' });

/** INVALID_ARGUMENT INVALID_INPUT with `message`: a malformed command (nothing changed). */
export const badInput = (message: string) => rpcError(GrpcStatus.INVALID_ARGUMENT, { code: GameErrorCode.INVALID_INPUT, title: ERROR_TITLE, message });


/**
 * NOT_FOUND HISTORY_NOT_FOUND: a finished round that is not in the caller's history (not played by them,
 * unknown, not finished, or removed by retention: one answer, so nobody learns which games exist).
 */
export const historyNotFound = () =>
  rpcError(GrpcStatus.NOT_FOUND, { code: GameErrorCode.HISTORY_NOT_FOUND, title: ERROR_TITLE, message: 'This game is not in your history' });
