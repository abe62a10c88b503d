import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PacksModule } from '../packs/packs.module.js';
import { StoredThemeEntity } from './stored-theme.entity.js';
import { StoredThemesService } from './stored-themes.service.js';

/** Stored themes (docs/architecture.md "Theme service"): owns `theme.stored_themes`; exports {@link StoredThemesService}. */
@Module({
  imports: [TypeOrmModule.forFeature([StoredThemeEntity]), PacksModule],
  providers: [StoredThemesService],
  exports: [StoredThemesService],
})
export class StoredThemesModule {}
