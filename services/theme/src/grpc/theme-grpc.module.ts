import { Module } from '@nestjs/common';
import { DefaultThemeModule } from '../default-theme/default-theme.module.js';
import { PacksModule } from '../packs/packs.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { SelectionModule } from '../selection/selection.module.js';
import { StoredThemesModule } from '../stored-themes/stored-themes.module.js';
import { ThemeController } from './theme.controller.js';

/** The gRPC adapter of the theme service (docs/architecture.md "Feature modules"): the controller only. */
@Module({
  imports: [PacksModule, StoredThemesModule, PreferencesModule, DefaultThemeModule, SelectionModule],
  controllers: [ThemeController],
})
export class ThemeGrpcModule {}
