import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type {
  AdminThemeResponse,
  DefaultThemeResponse,
  ResolvedThemeResponse,
  SetAdminThemeResponse,
  SetUserThemeResponse,
  StoredThemeDto,
  ThemeSource,
  UserThemeResponse,
} from '@nightfall/protocol';
import { setAdminThemeSchema, setUserThemeSchema } from '@nightfall/protocol/schemas';
import { isUuid } from '@nightfall/server-kit';
import { AdminGuard } from '../auth/admin-access.service.js';
import { CurrentUser, SessionGuard } from '../auth/guards.js';
import type { SessionUser } from '../auth/session.service.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { accountOf, toPackInfo, toStoredThemeDto } from './theme-dto.js';

/**
 * The JSON theme routes (spec 001 sections 4 and 7; docs/architecture.md "Theme service"), answered by
 * the theme service (`nightfall.theme.v1.ThemeService`). The user is always the session's; the admin
 * routes are checked here (AdminGuard asks the admin service) before the theme service is called.
 * Errors: 400 INVALID_INPUT (body), 401 (signed out; SIGN_IN_REQUIRED for guests), 403 ACCESS_DENIED
 * (admin routes), the theme service's own (404 THEME_NOT_FOUND...), 503 SERVICE_UNAVAILABLE.
 */
@Controller('api')
export class ThemesController {
  constructor(private readonly upstream: UpstreamService) {}

  /** GET /api/me/theme -> {preferredThemeId} ('' when never chosen). Signed-in users. */
  @Get('me/theme')
  @UseGuards(SessionGuard)
  async myTheme(@CurrentUser() user: SessionUser): Promise<UserThemeResponse> {
    const { userId } = accountOf(user, 'choose a theme');
    const res = await this.upstream.theme.getUserTheme({ userId });
    return { preferredThemeId: res.preferredThemeId };
  }

  /**
   * POST /api/me/theme {themeId} -> {preferredThemeId, themeCopied}. `themeId`: 'generic', one of the
   * user's stored themes (theme id or id), or another user's stored theme id (a host's theme offered in a
   * game), which is copied into the user's stored themes (themeCopied true). Signed-in users.
   * @throws 400 'Theme is required'; 404 THEME_NOT_FOUND 'Theme "{id}" was not found'
   */
  @Post('me/theme')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  async setMyTheme(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<SetUserThemeResponse> {
    const { userId } = accountOf(user, 'choose a theme');
    const { themeId } = parseBody(setUserThemeSchema, body);
    const res = await this.upstream.theme.setUserTheme({ userId, themeId });
    return { preferredThemeId: res.preferredThemeId, themeCopied: res.themeCopied };
  }

  /**
   * GET /api/me/theme/resolved -> {themeId, source, pack?}: the server's choice for the signed-in user
   * (spec 001 section 4: the usable preferred theme, else the global default, else generic), with the
   * pack to download when it is a stored theme. Signed-in users (visitors: GET /api/theme/default).
   */
  @Get('me/theme/resolved')
  @UseGuards(SessionGuard)
  async resolved(@CurrentUser() user: SessionUser): Promise<ResolvedThemeResponse> {
    const { userId } = accountOf(user, 'choose a theme');
    const res = await this.upstream.theme.resolveTheme({ userId });
    const pack = toPackInfo(res.theme);
    return { themeId: res.themeId, source: res.source as ThemeSource, ...(pack ? { pack } : {}) };
  }

  /**
   * GET /api/theme/default (public) -> {defaultTheme, pack?}: the global default theme ('generic' when
   * unset) with its pack when it is a stored theme, for a signed-out visitor's browser.
   */
  @Get('theme/default')
  async defaultTheme(): Promise<DefaultThemeResponse> {
    const res = await this.upstream.theme.getDefaultTheme({});
    const pack = toPackInfo(res.theme);
    return { defaultTheme: res.defaultTheme, ...(pack ? { pack } : {}) };
  }

  /** GET /api/admin/theme -> {defaultTheme, updatedAt, updatedBy} (null when never set). Admins. */
  @Get('admin/theme')
  @UseGuards(SessionGuard, AdminGuard)
  async adminTheme(): Promise<AdminThemeResponse> {
    const res = await this.upstream.theme.getDefaultTheme({});
    return { defaultTheme: res.defaultTheme, updatedAt: res.updatedAt || null, updatedBy: res.updatedBy || null };
  }

  /**
   * POST /api/admin/theme {theme} -> {theme}: sets the global default theme: 'generic', a theme id (the
   * admin's own stored theme first) or a stored theme's id. Admins.
   * @throws 400 'Theme is required'; 404 THEME_NOT_FOUND (title 'Failed to update global theme')
   */
  @Post('admin/theme')
  @HttpCode(200)
  @UseGuards(SessionGuard, AdminGuard)
  async setAdminTheme(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<SetAdminThemeResponse> {
    const { theme } = parseBody(setAdminThemeSchema, body);
    const res = await this.upstream.theme.setDefaultTheme({ themeId: theme, actorId: user.userId });
    return { theme: res.defaultTheme };
  }

  /** GET /api/themes -> StoredThemeDto[]: the signed-in user's stored themes, newest first. */
  @Get('themes')
  @UseGuards(SessionGuard)
  async list(@CurrentUser() user: SessionUser): Promise<StoredThemeDto[]> {
    const { userId } = accountOf(user, 'keep theme packs');
    const res = await this.upstream.theme.listThemes({ ownerId: userId });
    return (res.themes ?? []).map(toStoredThemeDto);
  }

  /**
   * DELETE /api/themes/{id} -> 204: deletes one of the signed-in user's stored themes (its bytes go
   * when no stored theme uses them). @throws 404 THEME_NOT_FOUND 'Theme pack not found in storage' (also another user's)
   */
  @Delete('themes/:id')
  @HttpCode(204)
  @UseGuards(SessionGuard)
  async remove(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<void> {
    const { userId } = accountOf(user, 'keep theme packs');
    if (!isUuid(id)) throw new ApiException(404, GatewayErrorCode.NOT_FOUND, 'Theme pack not found in storage', 'Delete Failed');
    await this.upstream.theme.deleteTheme({ ownerId: userId, id });
  }
}
