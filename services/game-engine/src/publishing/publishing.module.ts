import { Module } from '@nestjs/common';
import { GamePublisher } from './game-publisher.service.js';

/** Per-player views on NATS after each commit (uses server-kit's NatsClient). Exports GamePublisher. */
@Module({ providers: [GamePublisher], exports: [GamePublisher] })
export class PublishingModule {}
