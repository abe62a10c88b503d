import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DefaultThemeZipService } from './default-theme-zip.service.js';
import { ThemePacksController } from './theme-packs.controller.js';
import { ThemesController } from './themes.controller.js';

/**
 * Theme packs and theme choices over REST (docs/architecture.md "Theme service"): /api/me/theme,
 * /api/theme/default, /api/admin/theme, /api/themes/*, /default-theme.zip, answered by the theme
 * service. Uses AuthModule's session and admin guards. Exports nothing.
 */
@Module({ imports: [AuthModule], controllers: [ThemesController, ThemePacksController], providers: [DefaultThemeZipService] })
export class ThemesModule {}
