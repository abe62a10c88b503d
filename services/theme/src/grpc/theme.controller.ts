import { Controller } from '@nestjs/common';
import { themeV1 } from '@nightfall/contracts';
import { CommonErrorCode } from '@nightfall/protocol';
import { GrpcStatus } from '@nightfall/server-kit';
import { DefaultThemeService } from '../default-theme/default-theme.service.js';
import { isSha256 } from '../packs/pack-reader.js';
import { PacksService } from '../packs/packs.service.js';
import { PreferencesService } from '../preferences/preferences.service.js';
import { SelectionService } from '../selection/selection.service.js';
import { StoredThemesService } from '../stored-themes/stored-themes.service.js';
import { THEME_TITLES, ThemeErrorCode, themeError } from '../theme-error-code.js';

/**
 * gRPC adapter of `nightfall.theme.v1.ThemeService` (proto/nightfall/theme/v1; docs/architecture.md
 * "Theme service"). It only delegates. Errors are an `ErrorBody` with a `ThemeErrorCode` or
 * `CommonErrorCode.INVALID_INPUT`.
 */
@Controller()
@themeV1.ThemeServiceControllerMethods()
export class ThemeController implements themeV1.ThemeServiceController {
  constructor(
    private readonly stored: StoredThemesService,
    private readonly packs: PacksService,
    private readonly preferences: PreferencesService,
    private readonly defaults: DefaultThemeService,
    private readonly selection: SelectionService,
  ) {}

  /** PutThemePack: checks and stores a pack (<= 50 MB) for its owner. */
  putThemePack(req: themeV1.PutThemePackRequest): Promise<themeV1.StoredTheme> {
    return this.stored.put(req);
  }

  /** GetThemePack: the bytes by SHA-256. @throws INVALID_ARGUMENT `INVALID_INPUT`; NOT_FOUND `PACK_NOT_FOUND` */
  async getThemePack(req: themeV1.GetThemePackRequest): Promise<themeV1.ThemePack> {
    if (!isSha256(req.sha256)) throw themeError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, 'Invalid theme pack hash', THEME_TITLES.download);
    const blob = await this.packs.find(req.sha256.toLowerCase());
    if (!blob) throw themeError(GrpcStatus.NOT_FOUND, ThemeErrorCode.PACK_NOT_FOUND, 'Theme pack not found', THEME_TITLES.download);
    return { sha256: blob.sha256, pack: blob.bytes, sizeBytes: blob.sizeBytes };
  }

  /** ListThemes: the owner's stored themes, newest first. */
  listThemes(req: themeV1.ListThemesRequest): Promise<themeV1.ListThemesResponse> {
    return this.stored.list(req);
  }

  /** DeleteTheme: one of the owner's stored themes (and its bytes once unused). */
  deleteTheme(req: themeV1.DeleteThemeRequest): Promise<themeV1.DeleteThemeResponse> {
    return this.stored.delete(req);
  }

  /** GetUserTheme: the user's preferred theme ('' when none). */
  getUserTheme(req: themeV1.GetUserThemeRequest): Promise<themeV1.UserTheme> {
    return this.preferences.get(req);
  }

  /** SetUserTheme: sets it, copying another user's stored theme first (themeCopied). */
  setUserTheme(req: themeV1.SetUserThemeRequest): Promise<themeV1.UserTheme> {
    return this.preferences.set(req);
  }

  /** GetDefaultTheme: the global default ('generic' when unset). */
  getDefaultTheme(): Promise<themeV1.DefaultTheme> {
    return this.defaults.get();
  }

  /** SetDefaultTheme: 'generic' or a stored theme (the caller checked the admin rights). */
  setDefaultTheme(req: themeV1.SetDefaultThemeRequest): Promise<themeV1.DefaultTheme> {
    return this.defaults.set(req);
  }

  /** ResolveTheme: preferred, else default, else generic. */
  resolveTheme(req: themeV1.ResolveThemeRequest): Promise<themeV1.ResolvedTheme> {
    return this.selection.resolve(req);
  }
}
