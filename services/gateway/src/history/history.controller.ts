import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import type { gameV1 } from '@nightfall/contracts';
import type { GameView } from '@nightfall/game-rules';
import type { GameReplayDto, HistoryEntryDto, HistoryPageDto } from '@nightfall/protocol';
import { historyQuerySchema } from '@nightfall/protocol/schemas';
import { isUuid } from '@nightfall/server-kit';
import { CurrentUser, SessionGuard } from '../auth/guards.js';
import type { SessionUser } from '../auth/session.service.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/**
 * A signed-in player's finished games and their replays (docs/architecture.md "History and replay"), answered
 * by game-engine's ListGameHistory and GetGameReplay with the session's user: nobody reads another user's
 * history, and a replay is only ever the caller's own results view of a round the caller played.
 */
@Controller('api/history')
@UseGuards(SessionGuard)
export class HistoryController {
  constructor(private readonly upstream: UpstreamService) {}

  /**
   * GET /api/history?cursor=&limit= -> HistoryPageDto (newest first).
   * @throws 401 UNAUTHENTICATED without a session, SIGN_IN_REQUIRED for guests; 400 INVALID_INPUT (query, cursor)
   */
  @Get()
  async list(@CurrentUser() user: SessionUser, @Query() query: unknown): Promise<HistoryPageDto> {
    signedIn(user);
    const q = parseBody(historyQuerySchema, query);
    const res = await this.upstream.game.listGameHistory({ userId: user.userId, cursor: q.cursor, limit: q.limit });
    return { entries: (res.entries ?? []).map(toEntryDto), nextCursor: res.nextCursor || null };
  }

  /**
   * GET /api/history/{gameId}/{round} -> GameReplayDto: the caller's results view of that round.
   * @throws 401 as {@link list}; 404 HISTORY_NOT_FOUND 'This game is not in your history' for a round the caller
   *   did not play (or that is not stored), GAME_NOT_FOUND for a malformed id or round
   */
  @Get(':gameId/:round')
  async replay(@CurrentUser() user: SessionUser, @Param('gameId') gameId: string, @Param('round') roundParam: string): Promise<GameReplayDto> {
    signedIn(user);
    const round = /^[1-9][0-9]{0,8}$/.test(roundParam) ? Number(roundParam) : NaN;
    if (!isUuid(gameId) || !Number.isInteger(round)) throw new ApiException(404, GatewayErrorCode.GAME_NOT_FOUND, 'Game not found');
    const res = await this.upstream.game.getGameReplay({ userId: user.userId, gameId, round });
    return { entry: toEntryDto(res.entry!), view: JSON.parse(res.viewJson) as GameView };
  }
}

/** Guests have no history (it is an account's): 401 SIGN_IN_REQUIRED. */
function signedIn(user: SessionUser): void {
  if (user.isGuest) throw new ApiException(401, GatewayErrorCode.SIGN_IN_REQUIRED, 'Please sign in to see your game history');
}

/** The contract's entry as the REST body's (roles and teams as the rules name them). */
function toEntryDto(e: gameV1.GameHistoryEntry): HistoryEntryDto {
  return {
    gameId: e.gameId,
    round: e.round,
    roomCode: e.roomCode,
    finishedAt: e.finishedAt,
    role: e.role as HistoryEntryDto['role'],
    finalRole: e.finalRole as HistoryEntryDto['finalRole'],
    team: e.team as HistoryEntryDto['team'],
    outcome: e.outcome as HistoryEntryDto['outcome'],
    players: (e.players ?? []).map((p) => ({
      userId: p.userId,
      displayName: p.displayName,
      seatPosition: p.seatPosition,
      isBot: p.isBot,
      originalRole: p.originalRole as HistoryEntryDto['role'],
      finalRole: p.finalRole as HistoryEntryDto['role'],
      team: p.team as HistoryEntryDto['team'],
      isWinner: p.isWinner,
    })),
  };
}
