import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { themeV1 } from '@nightfall/contracts';
import { CommonErrorCode } from '@nightfall/protocol';
import { CLOCK, GrpcStatus, isUuid, type Clock } from '@nightfall/server-kit';
import { GENERIC_THEME_ID } from '@nightfall/themes';
import type { StoredThemeEntity } from '../stored-themes/stored-theme.entity.js';
import { StoredThemesService, checkedUserId, toStoredThemeDto } from '../stored-themes/stored-themes.service.js';
import { THEME_TITLES, ThemeErrorCode, themeError } from '../theme-error-code.js';
import { isReservedThemeId } from '../theme-ids.js';
import { GlobalSettingEntity } from './global-setting.entity.js';

/** Key of the global default theme (spec 001 section 3). */
export const DEFAULT_THEME_KEY = 'defaultTheme';

/**
 * The global default theme (`theme.global_settings` key defaultTheme; spec 001 sections 3, 4 and 7): the
 * theme of visitors and of users without a preference. Stored as 'generic' or the id of a stored theme,
 * so it follows a re-upload of that theme (same id) and reads as generic once that theme is deleted.
 */
@Injectable()
export class DefaultThemeService {
  constructor(
    @InjectRepository(GlobalSettingEntity) private readonly settings: Repository<GlobalSettingEntity>,
    private readonly stored: StoredThemesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GetDefaultTheme: 'generic' when unset or when its stored theme was deleted; updatedAt '' when never set. */
  async get(): Promise<themeV1.DefaultTheme> {
    const row = await this.settings.findOneBy({ key: DEFAULT_THEME_KEY });
    const theme = row && row.value !== GENERIC_THEME_ID ? await this.stored.findById(row.value) : null;
    return answer(row, theme);
  }

  /**
   * SetDefaultTheme: 'generic' (or a legacy id, which means generic), the id of any stored theme, or a
   * theme id: the actor's own stored theme with it, else the most recently updated one of anybody's.
   * The caller (the gateway) has checked that the actor is an admin.
   * @throws INVALID_ARGUMENT `INVALID_INPUT` (empty theme id, actor id); NOT_FOUND `THEME_NOT_FOUND`
   */
  async set(req: themeV1.SetDefaultThemeRequest): Promise<themeV1.DefaultTheme> {
    const actorId = checkedUserId(req.actorId, 'actor id');
    const wanted = req.themeId.trim();
    if (wanted === '') throw themeError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, 'Theme is required', THEME_TITLES.globalTheme);
    let theme: StoredThemeEntity | null = null;
    if (!isReservedThemeId(wanted)) {
      theme = isUuid(wanted)
        ? await this.stored.findById(wanted)
        : ((await this.stored.findOwnedByThemeId(actorId, wanted)) ?? (await this.stored.findNewestByThemeId(wanted, actorId)));
      if (!theme) throw themeError(GrpcStatus.NOT_FOUND, ThemeErrorCode.THEME_NOT_FOUND, `Theme "${wanted}" was not found`, THEME_TITLES.globalTheme);
    }
    const value = theme ? theme.id : GENERIC_THEME_ID;
    await this.settings
      .createQueryBuilder()
      .insert()
      .values({ key: DEFAULT_THEME_KEY, value, updatedBy: actorId, updatedAt: new Date(this.clock()) })
      .orUpdate(['value', 'updated_by', 'updated_at'], ['key'])
      .execute();
    return this.get();
  }
}

/** Row (+ its stored theme) -> wire. */
function answer(row: GlobalSettingEntity | null, theme: StoredThemeEntity | null): themeV1.DefaultTheme {
  return {
    defaultTheme: theme ? theme.themeId : GENERIC_THEME_ID,
    updatedAt: row?.updatedAt.toISOString() ?? '',
    updatedBy: row?.updatedBy ?? '',
    theme: theme ? toStoredThemeDto(theme) : undefined,
  };
}
