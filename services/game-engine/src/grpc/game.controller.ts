import { Controller, type OnModuleInit } from '@nestjs/common';
import { GrpcStreamCall } from '@nestjs/microservices';
import type { ServerDuplexStream } from '@grpc/grpc-js';
import { gameV1 } from '@nightfall/contracts';
import { GamesService } from '../games/games.service.js';
import { HistoryService } from '../history/history.service.js';
import { PresenceService } from '../presence/presence.service.js';
import { GameRouter, type ForwardedCall } from '../routing/game-router.service.js';
import { serveCommandStream } from './command-stream.js';

/** The calls on an existing game: each runs on the engine that owns the game (docs/hot-path.md "Routing"). */
type GameCalls = {
  /** JoinGame once the room code is resolved to the game's id. */
  joinGameById: { gameId: string; userId: string; displayName: string; spectator?: boolean };
  getGameView: gameV1.GetGameViewRequest;
  openGameView: gameV1.OpenGameViewRequest;
  updatePresence: gameV1.UpdatePresenceRequest;
  executeCommand: gameV1.ExecuteCommandRequest;
  setPlayerRole: gameV1.SetPlayerRoleRequest;
  setAdminViewer: gameV1.SetAdminViewerRequest;
  shareTheme: gameV1.ShareThemeRequest;
};

/**
 * gRPC adapter of `nightfall.game.v1.GameService` and of the gateways' command streams (`GameCommandService`,
 * proto/nightfall/game/v1): routes every call on an existing game to the replica that owns it (here, or
 * forwarded once over NATS), then delegates.
 */
@Controller()
@gameV1.GameServiceControllerMethods()
export class GameController implements gameV1.GameServiceController, OnModuleInit {
  constructor(
    private readonly games: GamesService,
    private readonly presence: PresenceService,
    private readonly router: GameRouter,
    private readonly history: HistoryService,
  ) {}

  onModuleInit(): void {
    this.router.serve((call) => this.dispatch(call, true));
  }

  /** CreateGame: a lobby hosted by the caller, owned by this replica. */
  createGame(req: gameV1.CreateGameRequest): Promise<gameV1.GameRef> {
    return this.games.createGame(req.hostUserId, req.hostDisplayName);
  }

  /** FindGame: the game of a room code, without joining it (any replica answers from PostgreSQL). */
  async findGame(req: gameV1.FindGameRequest): Promise<gameV1.GameRef> {
    const roomCode = roomCodeOf(req.roomCode);
    return { gameId: await this.games.idOfRoom(roomCode), roomCode, displayName: '' };
  }

  /** JoinGame: seats a user by room code, or lets them watch (`spectator`, docs/rules.md "Spectators"). */
  async joinGame(req: gameV1.JoinGameRequest): Promise<gameV1.GameRef> {
    const gameId = await this.games.idOfRoom(roomCodeOf(req.roomCode));
    return this.dispatch({ method: 'joinGameById', req: { gameId, userId: req.userId, displayName: req.displayName, spectator: req.spectator === true } }) as Promise<gameV1.GameRef>;
  }

  /** GetGameView: the viewer's snapshot as JSON. */
  getGameView(req: gameV1.GetGameViewRequest): Promise<gameV1.GameSnapshot> {
    return this.dispatch({ method: 'getGameView', req }) as Promise<gameV1.GameSnapshot>;
  }

  /** OpenGameView: a socket's join (admin flag, presence +1, snapshot) in one call. */
  openGameView(req: gameV1.OpenGameViewRequest): Promise<gameV1.GameSnapshot> {
    return this.dispatch({ method: 'openGameView', req }) as Promise<gameV1.GameSnapshot>;
  }

  /** UpdatePresence: a player's first socket opened (+1) or last one closed (-1). */
  updatePresence(req: gameV1.UpdatePresenceRequest): Promise<gameV1.UpdatePresenceResponse> {
    return this.dispatch({ method: 'updatePresence', req }) as Promise<gameV1.UpdatePresenceResponse>;
  }

  /** ExecuteCommand: one client action. */
  executeCommand(req: gameV1.ExecuteCommandRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.dispatch({ method: 'executeCommand', req }) as Promise<gameV1.ExecuteCommandResponse>;
  }

  /**
   * GameCommandService.ExecuteCommands: a gateway's command stream, each call run as {@link executeCommand},
   * {@link openGameView} or {@link updatePresence} and answered with its seq (docs/hot-path.md "Commands on an open stream"; `serveCommandStream`).
   * @returns resolves when the stream is over
   */
  @GrpcStreamCall(gameV1.GAME_COMMAND_SERVICE_NAME, 'executeCommands')
  executeCommands(call: ServerDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>): Promise<void> {
    return serveCommandStream(call, this);
  }

  /** SetPlayerRole: the super admin's role change (the gateway checked the caller). */
  setPlayerRole(req: gameV1.SetPlayerRoleRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.dispatch({ method: 'setPlayerRole', req }) as Promise<gameV1.ExecuteCommandResponse>;
  }

  /** SetAdminViewer: a user's views become (or stop being) admin views (the gateway decided). */
  setAdminViewer(req: gameV1.SetAdminViewerRequest): Promise<gameV1.SetAdminViewerResponse> {
    return this.dispatch({ method: 'setAdminViewer', req }) as Promise<gameV1.SetAdminViewerResponse>;
  }

  /** ShareTheme: the host offers a stored theme pack (the gateway checked it is the host's). */
  shareTheme(req: gameV1.ShareThemeRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.dispatch({ method: 'shareTheme', req }) as Promise<gameV1.ExecuteCommandResponse>;
  }

  /** ListGameHistory: the caller's finished rounds, newest first (any replica answers from PostgreSQL). */
  listGameHistory(req: gameV1.ListGameHistoryRequest): Promise<gameV1.ListGameHistoryResponse> {
    return this.history.list(req.userId, req.cursor ?? '', req.limit ?? 0);
  }

  /** GetGameReplay: the results view of a finished round the caller played (any replica answers). */
  getGameReplay(req: gameV1.GetGameReplayRequest): Promise<gameV1.GameReplay> {
    return this.history.replay(req.userId, req.gameId, req.round);
  }

  /**
   * Runs one call on an existing game where its owner is.
   * @param forwarded the call came from another replica
   */
  private dispatch(call: ForwardedCall, forwarded = false): Promise<unknown> {
    const c = call as { [K in keyof GameCalls]: { method: K; req: GameCalls[K] } }[keyof GameCalls];
    return this.router.run(c.req.gameId, call, () => this.local(c), forwarded);
  }

  /** The GameSnapshot message of the viewer's current snapshot. @throws NOT_FOUND, PERMISSION_DENIED */
  private async snapshotOf(gameId: string, viewerUserId: string): Promise<gameV1.GameSnapshot> {
    const s = await this.games.getSnapshot(gameId, viewerUserId);
    return { gameId, version: s.version, snapshotJson: JSON.stringify(s) };
  }

  /**
   * OpenGameView (docs/hot-path.md "Socket join in one call"): the admin flag first (it is what lets a super
   * admin without a seat see the game, and a lost right takes effect here), then the membership check, then
   * presence +1 for a seated player (per gateway, so a call run again counts once), then the snapshot.
   * @throws NOT_FOUND, PERMISSION_DENIED (nothing but the admin flag changed), INVALID_ARGUMENT
   */
  private async openView(req: gameV1.OpenGameViewRequest): Promise<gameV1.GameSnapshot> {
    const { gameId, viewerUserId } = req;
    if (req.adminViewer !== undefined) await this.games.setAdminViewer(gameId, viewerUserId, req.adminViewer);
    const kind = await this.games.viewerOf(gameId, viewerUserId);
    if (req.connect && kind === 'player') await this.presence.update(gameId, viewerUserId, 1, req.gatewayId);
    return this.snapshotOf(gameId, viewerUserId);
  }

  private local(c: { [K in keyof GameCalls]: { method: K; req: GameCalls[K] } }[keyof GameCalls]): Promise<unknown> {
    switch (c.method) {
      case 'joinGameById':
        return this.games.joinGame(c.req.gameId, c.req.userId, c.req.displayName, c.req.spectator === true);
      case 'getGameView':
        return this.snapshotOf(c.req.gameId, c.req.viewerUserId);
      case 'openGameView':
        return this.openView(c.req);
      case 'updatePresence':
        return this.presence.update(c.req.gameId, c.req.userId, c.req.delta, c.req.gatewayId ?? '');
      case 'executeCommand':
        return this.games.execute(c.req.gameId, c.req.userId, c.req.action, c.req.dataJson, c.req.commandId ?? '');
      case 'setPlayerRole':
        return this.games.setPlayerRole(c.req.gameId, c.req.actorUserId, c.req.playerId, c.req.newRole);
      case 'setAdminViewer':
        return this.games.setAdminViewer(c.req.gameId, c.req.userId, c.req.enabled);
      case 'shareTheme':
        return this.games.shareTheme(c.req);
    }
  }
}

/** A room code as typed (spaces around it, any case) in its stored form. */
function roomCodeOf(raw: string | undefined): string {
  return (raw ?? '').trim().toUpperCase();
}
