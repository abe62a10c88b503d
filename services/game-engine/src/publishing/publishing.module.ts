import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { GamePublisher } from './game-publisher.service.js';

/** Per-player views on NATS after each commit (uses server-kit's NatsClient). Exports GamePublisher. */
@Module({ imports: [ChatModule], providers: [GamePublisher], exports: [GamePublisher] })
export class PublishingModule {}
