import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoredThemesModule } from '../stored-themes/stored-themes.module.js';
import { PreferencesService } from './preferences.service.js';
import { UserPreferenceEntity } from './user-preference.entity.js';

/** Users' preferred themes (docs/architecture.md "Theme service"): owns `theme.user_theme_preferences`; exports {@link PreferencesService}. */
@Module({
  imports: [TypeOrmModule.forFeature([UserPreferenceEntity]), StoredThemesModule],
  providers: [PreferencesService],
  exports: [PreferencesService],
})
export class PreferencesModule {}
