import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { GameStore } from './game-store.service.js';
import { LogWriter } from './log-writer.service.js';

/** The game store: owned games in memory, the log with group commit, snapshots, takeover, publish. Exports GameStore. */
@Module({ imports: [ChatModule, PublishingModule], providers: [GameStore, LogWriter], exports: [GameStore] })
export class StoreModule {}
