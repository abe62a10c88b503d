import { Body, Controller, Get, HttpCode, Logger, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { GameNotice, GameSnapshot, RoomResponse } from '@nightfall/protocol';
import { createRoomSchema, joinRoomSchema, seatingSchema } from '@nightfall/protocol/schemas';
import type { gameV1 } from '@nightfall/contracts';
import { isUnavailable, isUuid } from '@nightfall/server-kit';
import { AdminAccess } from '../auth/admin-access.service.js';
import { CurrentUser, OptionalSessionGuard, SessionGuard } from '../auth/guards.js';
import { RightsCache } from '../auth/rights-cache.js';
import { SessionService, toSessionUser, type SessionUser } from '../auth/session.service.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { z } from 'zod';

/** Room and game endpoints (spec 000 section 7, spec 001 section 7). */
@Controller('api')
export class RoomsController {
  private readonly logger = new Logger('Rooms');

  constructor(
    private readonly upstream: UpstreamService,
    private readonly sessions: SessionService,
    private readonly admins: AdminAccess,
    private readonly rights: RightsCache,
    private readonly limits: RateLimitService,
  ) {}

  /**
   * POST /api/rooms/create -> RoomResponse. Requires a signed-in user with host rights. Rate-limited per
   * user and per client address (RATE_LIMIT_CREATE_*). Host rights are billing's, as remembered for
   * RIGHTS_CACHE_TTL_MS (docs/architecture.md "Rights checks").
   * @throws 401 signed out or guest; 429 RATE_LIMITED; 403 HOST_REQUIRED 'Hosting is locked'
   */
  @Post('rooms/create')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async create(@CurrentUser() user: SessionUser, @Body() body: unknown, @Req() req: Request): Promise<RoomResponse> {
    parseBody(createRoomSchema, body);
    if (user.isGuest) throw new ApiException(401, GatewayErrorCode.SIGN_IN_REQUIRED, 'Please sign in to create a game');
    await this.limits.consume('room_create', req, { userId: user.userId });
    const access = await this.rights.host(user.userId);
    if (!access.hasHostRights) {
      throw new ApiException(403, GatewayErrorCode.HOST_REQUIRED, 'You need a host entitlement to create rooms. This feature will be available soon.', 'Hosting is locked');
    }
    const ref = await this.upstream.game.createGame({ hostUserId: user.userId, hostDisplayName: displayNameOf(user) });
    return { gameId: ref.gameId, roomCode: ref.roomCode, userId: user.userId, displayName: ref.displayName };
  }

  /**
   * POST /api/rooms/join {roomCode, displayName?, spectator?} -> RoomResponse; with `spectator: true` the caller
   * watches the game without a seat, in any phase (docs/rules.md "Spectators"). Without a session a guest session
   * is created for displayName, and its cookie set once the game took the guest ({@link joinAsGuest}). Signed-in users
   * play under their own name. Rate-limited per user (with a session) and per client address
   * (RATE_LIMIT_JOIN_*), wrong room codes included: codes are guessed here.
   * @throws 400 'Please enter a room code' / 'Please enter your display name'; 429 RATE_LIMITED; 404 'Game not found'
   */
  @Post('rooms/join')
  @HttpCode(200)
  @UseGuards(OptionalSessionGuard)
  async join(
    @CurrentUser() current: SessionUser | undefined,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RoomResponse> {
    const input = parseBody(joinRoomSchema, body);
    await this.limits.consume('room_join', req, { userId: current?.userId });
    if (!current) {
      if (!input.displayName) throw new ApiException(400, GatewayErrorCode.DISPLAY_NAME_REQUIRED, 'Please enter your display name');
      return this.joinAsGuest(input.roomCode, input.displayName, input.spectator === true, res);
    }
    const name = current.isGuest && input.displayName ? input.displayName : displayNameOf(current);
    const ref = await this.upstream.game.joinGame({ roomCode: input.roomCode, userId: current.userId, displayName: name, spectator: input.spectator === true });
    return { gameId: ref.gameId, roomCode: ref.roomCode, userId: current.userId, displayName: ref.displayName };
  }

  /**
   * A join without a session (docs/architecture.md "Guest sign-up on a join"): the guest and their session first,
   * then the join. A join the game refuses (a wrong code, a full or started game) deletes that guest again
   * (identity's DeleteGuest) and sets no cookie, so a refused join leaves nothing behind. When game-engine cannot
   * answer, the join's outcome is unknown: the guest stays and the cookie is set, so that trying again joins as the
   * same player (a join is idempotent).
   * @throws the join's RemoteError (404 'Game not found', ...), or identity's (400 display name texts, 503)
   */
  private async joinAsGuest(roomCode: string, displayName: string, spectator: boolean, res: Response): Promise<RoomResponse> {
    const session = await this.upstream.identity.createGuestSession({ displayName });
    const user = toSessionUser(session.user!, session.sessionId);
    let ref: gameV1.GameRef;
    try {
      ref = await this.upstream.game.joinGame({ roomCode, userId: user.userId, displayName: session.user!.displayName, spectator });
    } catch (err) {
      if (isUnavailable(err)) this.sessions.setCookie(res, session);
      else await this.deleteGuest(user);
      throw err;
    }
    this.sessions.setCookie(res, session);
    return { gameId: ref.gameId, roomCode: ref.roomCode, userId: user.userId, displayName: ref.displayName };
  }

  /** Deletes a guest made for a refused join; a failure is only logged (a guest without a seat harms nobody). */
  private async deleteGuest(user: SessionUser): Promise<void> {
    try {
      await this.upstream.identity.deleteGuest({ userId: user.userId, sessionId: user.sessionId });
    } catch (err) {
      this.logger.warn(`guest ${user.userId} of a refused join not deleted: ${(err as Error).message}`);
    }
  }

  /** GET /api/games/{gameId} -> the caller's GameSnapshot. @throws 404 'Game not found', 403 'Player not found' */
  @Get('games/:gameId')
  @UseGuards(SessionGuard)
  async game(@CurrentUser() user: SessionUser, @Param('gameId') gameId: string): Promise<GameSnapshot> {
    if (!isUuid(gameId)) throw new ApiException(404, GatewayErrorCode.GAME_NOT_FOUND, 'Game not found');
    return this.upstream.gameView(gameId, user.userId);
  }

  /**
   * POST /api/games/{gameId}/seating {userId, newSeatingOrder} -> GameSnapshot. Host only.
   * @throws 403 when userId is not the caller; 400 'Failed to rearrange seating'
   */
  @Post('games/:gameId/seating')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async seating(@CurrentUser() user: SessionUser, @Param('gameId') gameId: string, @Body() body: unknown): Promise<GameSnapshot> {
    if (!isUuid(gameId)) throw new ApiException(404, GatewayErrorCode.GAME_NOT_FOUND, 'Game not found');
    const input = parseBody(seatingSchema, body);
    if (input.userId && input.userId !== user.userId) throw new ApiException(403, GatewayErrorCode.SESSION_MISMATCH, 'Failed to rearrange seating');
    await this.upstream.callGame(gameId, (g) =>
      g.executeCommand({ gameId, userId: user.userId, action: 'update_seating', dataJson: JSON.stringify({ newSeatingOrder: input.newSeatingOrder }), commandId: '' }),
    );
    return this.game(user, gameId);
  }

  /**
   * POST /api/games/{gameId}/admin/player-role {userId?, playerId, newRole}: the super admin sets a
   * player's role (spec 000 sections 2 and 7): in the lobby the role that player will be dealt (`newRole`
   * '' clears it), in role_deal the dealt card (swapped with its holder so the deck is unchanged).
   * Only the super admin, decided by the admin service from the session (game-engine trusts this check).
   * -> {notice: {code: 'role_updated', params: {}}} (the web words it: docs/rules.md "Message codes")
   * @throws 403 'Access Denied' for everybody else; 400 'Error' / 'Failed to update player role'; 404
   */
  @Post('games/:gameId/admin/player-role')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async adminPlayerRole(@CurrentUser() user: SessionUser, @Param('gameId') gameId: string, @Body() body: unknown): Promise<{ notice: GameNotice }> {
    if (!isUuid(gameId)) throw new ApiException(404, GatewayErrorCode.GAME_NOT_FOUND, 'Game not found');
    const input = parseBody(adminRoleSchema, body);
    if (input.userId && input.userId !== user.userId) throw new ApiException(403, GatewayErrorCode.SESSION_MISMATCH, 'Failed to update player role');
    if (!(await this.admins.access(user)).isSuperAdmin) {
      throw new ApiException(403, GatewayErrorCode.ACCESS_DENIED, "You don't have permission to access the admin panel.", 'Access Denied');
    }
    const res = await this.upstream.callGame(gameId, (g) =>
      g.setPlayerRole({ gameId, actorUserId: user.userId, playerId: input.playerId, newRole: input.newRole }),
    );
    return { notice: res.noticeJson ? (JSON.parse(res.noticeJson) as GameNotice) : { code: 'role_updated', params: {} } };
  }
}

/** Body of POST /api/games/{gameId}/admin/player-role (spec 000 section 7). */
const adminRoleSchema = z.object({
  userId: z.string().min(1).max(64).optional(),
  playerId: z.string().min(1, 'Failed to update player role').max(64),
  newRole: z.string().max(100),
});

/** A signed-in user's name: displayName, else the e-mail part before the @ (spec 001 section 5). */
function displayNameOf(user: SessionUser): string {
  return user.displayName || (user.email ? user.email.split('@')[0]! : 'Player');
}
