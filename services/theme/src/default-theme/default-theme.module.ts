import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoredThemesModule } from '../stored-themes/stored-themes.module.js';
import { DefaultThemeService } from './default-theme.service.js';
import { GlobalSettingEntity } from './global-setting.entity.js';

/** The global default theme (docs/architecture.md "Theme service"): owns `theme.global_settings`; exports {@link DefaultThemeService}. */
@Module({
  imports: [TypeOrmModule.forFeature([GlobalSettingEntity]), StoredThemesModule],
  providers: [DefaultThemeService],
  exports: [DefaultThemeService],
})
export class DefaultThemeModule {}
