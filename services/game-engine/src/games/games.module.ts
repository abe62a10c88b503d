import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { StoreModule } from '../store/store.module.js';
import { GamesService } from './games.service.js';

/** Create, join, snapshots and commands. Exports GamesService. */
@Module({ imports: [StoreModule, ChatModule, PublishingModule], providers: [GamesService], exports: [GamesService] })
export class GamesModule {}
