import { Module } from '@nestjs/common';
import { HistoryService } from './history.service.js';

/** A user's finished rounds and their results views (docs/architecture.md "History and replay"). Exports HistoryService. */
@Module({ providers: [HistoryService], exports: [HistoryService] })
export class HistoryModule {}
