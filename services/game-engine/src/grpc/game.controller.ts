import { Controller } from '@nestjs/common';
import { gameV1 } from '@nightfall/contracts';
import { GamesService } from '../games/games.service.js';
import { PresenceService } from '../presence/presence.service.js';

/** gRPC adapter of `nightfall.game.v1.GameService` (proto/nightfall/game/v1): only delegates. */
@Controller()
@gameV1.GameServiceControllerMethods()
export class GameController implements gameV1.GameServiceController {
  constructor(
    private readonly games: GamesService,
    private readonly presence: PresenceService,
  ) {}

  /** CreateGame: a lobby hosted by the caller. */
  createGame(req: gameV1.CreateGameRequest): Promise<gameV1.GameRef> {
    return this.games.createGame(req.hostUserId, req.hostDisplayName);
  }

  /** JoinGame: seats a user by room code. */
  joinGame(req: gameV1.JoinGameRequest): Promise<gameV1.GameRef> {
    return this.games.joinGame(req.roomCode, req.userId, req.displayName);
  }

  /** GetGameView: the viewer's snapshot as JSON. */
  async getGameView(req: gameV1.GetGameViewRequest): Promise<gameV1.GameSnapshot> {
    const snapshot = await this.games.getSnapshot(req.gameId, req.viewerUserId);
    return { gameId: req.gameId, version: snapshot.version, snapshotJson: JSON.stringify(snapshot) };
  }

  /** UpdatePresence: a player's first socket opened (+1) or last one closed (-1). */
  updatePresence(req: gameV1.UpdatePresenceRequest): Promise<gameV1.UpdatePresenceResponse> {
    return this.presence.update(req.gameId, req.userId, req.delta);
  }

  /** ExecuteCommand: one client action. */
  executeCommand(req: gameV1.ExecuteCommandRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.games.execute(req.gameId, req.userId, req.action, req.dataJson);
  }

  /** SetPlayerRole: the super admin's role change (the gateway checked the caller). */
  setPlayerRole(req: gameV1.SetPlayerRoleRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.games.setPlayerRole(req.gameId, req.actorUserId, req.playerId, req.newRole);
  }

  /** SetAdminViewer: a user's views become (or stop being) admin views (the gateway decided). */
  setAdminViewer(req: gameV1.SetAdminViewerRequest): Promise<gameV1.SetAdminViewerResponse> {
    return this.games.setAdminViewer(req.gameId, req.userId, req.enabled);
  }

  /** ShareTheme: the host offers a stored theme pack (the gateway checked it is the host's). */
  shareTheme(req: gameV1.ShareThemeRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.games.shareTheme(req);
  }
}
