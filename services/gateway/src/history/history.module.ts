import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { HistoryController } from './history.controller.js';

/** `/api/history`: a signed-in player's finished games and replays (docs/architecture.md "History and replay"). Exports nothing. */
@Module({ imports: [AuthModule], controllers: [HistoryController] })
export class HistoryModule {}
