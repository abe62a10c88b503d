import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { GameGateway } from './game.gateway.js';
import { RealtimeHub } from './realtime-hub.service.js';

/**
 * The realtime channel `/ws`: authenticates sockets from the session cookie, forwards commands to
 * game-engine, and routes each player's views from NATS (the connection of server-kit's natsModule)
 * to that player's sockets. Exports nothing.
 */
@Module({ imports: [AuthModule], providers: [GameGateway, RealtimeHub] })
export class RealtimeModule {}
