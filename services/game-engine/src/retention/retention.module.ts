import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { GameRetention } from './game-retention.service.js';

/** Retention of finished and abandoned games (docs/architecture.md "Retention"). Exports GameRetention (tests sweep by hand). */
@Module({ imports: [StoreModule], providers: [GameRetention], exports: [GameRetention] })
export class RetentionModule {}
