import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { GameRouter } from './game-router.service.js';

/** Routes calls on a game to the replica that owns it (docs/hot-path.md "Routing"). Exports GameRouter. */
@Module({ imports: [StoreModule], providers: [GameRouter], exports: [GameRouter] })
export class RoutingModule {}
