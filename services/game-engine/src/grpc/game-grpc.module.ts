import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module.js';
import { HistoryModule } from '../history/history.module.js';
import { PresenceModule } from '../presence/presence.module.js';
import { RoutingModule } from '../routing/routing.module.js';
import { GameController } from './game.controller.js';

/** The gRPC API of game-engine. Exports nothing. */
@Module({ imports: [GamesModule, PresenceModule, RoutingModule, HistoryModule], controllers: [GameController] })
export class GameGrpcModule {}
