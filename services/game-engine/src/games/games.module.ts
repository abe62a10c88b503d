import { Module } from '@nestjs/common';
import { CustomRolesModule } from '../custom-roles/custom-roles.module.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { StoreModule } from '../store/store.module.js';
import { GamesService } from './games.service.js';

/** Create, join, snapshots, commands and the super admin's calls. Exports GamesService. */
@Module({ imports: [StoreModule, PublishingModule, CustomRolesModule], providers: [GamesService], exports: [GamesService] })
export class GamesModule {}
