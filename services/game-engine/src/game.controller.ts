import { Controller } from '@nestjs/common';
import { gameV1 } from '@nightfall/contracts';
import { GameService } from './game.service.js';

/** gRPC adapter of `nightfall.game.v1.GameService`. */
@Controller()
@gameV1.GameServiceControllerMethods()
export class GameController implements gameV1.GameServiceController {
  constructor(private readonly games: GameService) {}

  createGame(req: gameV1.CreateGameRequest): Promise<gameV1.GameRef> {
    return this.games.createGame(req.hostUserId, req.hostDisplayName);
  }

  joinGame(req: gameV1.JoinGameRequest): Promise<gameV1.GameRef> {
    return this.games.joinGame(req.roomCode, req.userId, req.displayName);
  }

  async getGameView(req: gameV1.GetGameViewRequest): Promise<gameV1.GameSnapshot> {
    const snapshot = await this.games.getSnapshot(req.gameId, req.viewerUserId);
    return { gameId: req.gameId, version: snapshot.version, snapshotJson: JSON.stringify(snapshot) };
  }

  updatePresence(req: gameV1.UpdatePresenceRequest): Promise<gameV1.UpdatePresenceResponse> {
    return this.games.updatePresence(req.gameId, req.userId, req.delta);
  }

  executeCommand(req: gameV1.ExecuteCommandRequest): Promise<gameV1.ExecuteCommandResponse> {
    return this.games.execute(req.gameId, req.userId, req.action, req.dataJson);
  }
}
