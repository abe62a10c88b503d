import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { DeadlineSweeper } from './deadline-sweeper.service.js';

/** The phase-deadline sweeper. Exports DeadlineSweeper (tests sweep by hand). */
@Module({ imports: [StoreModule], providers: [DeadlineSweeper], exports: [DeadlineSweeper] })
export class DeadlinesModule {}
