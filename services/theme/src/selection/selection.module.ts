import { Module } from '@nestjs/common';
import { DefaultThemeModule } from '../default-theme/default-theme.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { SelectionService } from './selection.service.js';

/** Which theme to show (docs/architecture.md "Theme service"): owns no table; exports {@link SelectionService}. */
@Module({
  imports: [PreferencesModule, DefaultThemeModule],
  providers: [SelectionService],
  exports: [SelectionService],
})
export class SelectionModule {}
