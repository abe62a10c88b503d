import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import type { themeV1 } from '@nightfall/contracts';
import { CommonErrorCode } from '@nightfall/protocol';
import { CLOCK, GrpcStatus, isUuid, type Clock } from '@nightfall/server-kit';
import { GENERIC_THEME_ID } from '@nightfall/themes';
import type { StoredThemeEntity } from '../stored-themes/stored-theme.entity.js';
import { StoredThemesService, checkedUserId, toStoredThemeDto } from '../stored-themes/stored-themes.service.js';
import { THEME_TITLES, ThemeErrorCode, themeError } from '../theme-error-code.js';
import { inTransaction } from '../transaction.js';
import { isReservedThemeId } from '../theme-ids.js';
import { UserPreferenceEntity } from './user-preference.entity.js';

/** The answer of GetUserTheme / SetUserTheme. */
function userTheme(preferredThemeId: string, theme: StoredThemeEntity | null, updatedAt: Date | null, themeCopied = false): themeV1.UserTheme {
  return { preferredThemeId, themeCopied, theme: theme ? toStoredThemeDto(theme) : undefined, updatedAt: updatedAt?.toISOString() ?? '' };
}

/**
 * Each user's preferred theme (`theme.user_theme_preferences`; spec 001 sections 4 and 7): 'generic' or
 * the theme id of one of the user's stored themes. Setting another user's stored theme (a host's theme
 * offered in a game) copies it into the user's stored themes first (spec 000 section 8 'Theme Saved').
 */
@Injectable()
export class PreferencesService {
  constructor(
    @InjectRepository(UserPreferenceEntity) private readonly prefs: Repository<UserPreferenceEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly stored: StoredThemesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * GetUserTheme: '' when the user never chose; 'generic' when the chosen stored theme was deleted
   * since ("removing the current theme switches to generic", spec 001 section 4).
   * @throws INVALID_ARGUMENT `INVALID_INPUT` (user id)
   */
  async get(req: themeV1.GetUserThemeRequest): Promise<themeV1.UserTheme> {
    const userId = checkedUserId(req.userId);
    const row = await this.prefs.findOneBy({ userId });
    if (!row) return userTheme('', null, null);
    if (row.preferredThemeId === GENERIC_THEME_ID) return userTheme(GENERIC_THEME_ID, null, row.updatedAt);
    const own = await this.stored.findOwnedByThemeId(userId, row.preferredThemeId);
    return own ? userTheme(own.themeId, own, row.updatedAt) : userTheme(GENERIC_THEME_ID, null, row.updatedAt);
  }

  /**
   * SetUserTheme. `themeId` is 'generic' (or a legacy id, which means generic); the theme id or id of
   * one of the user's stored themes; or the id (uuid) of another user's stored theme, e.g. the host's
   * theme a game offered, which is copied into the user's stored themes (same bytes; it replaces the
   * user's stored theme with the same theme id unless that one has the same bytes already) and
   * `themeCopied` is true. Another user's theme is never found by its theme id alone (themes are private).
   * @throws INVALID_ARGUMENT `INVALID_INPUT` (user id, empty theme id); NOT_FOUND `THEME_NOT_FOUND`
   */
  async set(req: themeV1.SetUserThemeRequest): Promise<themeV1.UserTheme> {
    const userId = checkedUserId(req.userId);
    const wanted = req.themeId.trim();
    if (wanted === '') throw themeError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, 'Theme is required', THEME_TITLES.preference);
    return inTransaction(this.db, async (m) => {
      const now = new Date(this.clock());
      // legacy ids always mean generic (spec 001 section 4)
      if (isReservedThemeId(wanted)) return userTheme(GENERIC_THEME_ID, null, await this.save(m, userId, GENERIC_THEME_ID, now));
      const own = isUuid(wanted)
        ? await this.stored.findById(wanted, m).then((t) => (t?.ownerId === userId ? t : null))
        : await this.stored.findOwnedByThemeId(userId, wanted, m);
      if (own) return userTheme(own.themeId, own, await this.save(m, userId, own.themeId, now));
      // another user's theme only by its stored theme id (what a game's offer carries): a private theme
      // is never handed out for a guessed theme id
      const source = isUuid(wanted) ? await this.stored.findById(wanted, m) : null;
      const notFound = themeError(GrpcStatus.NOT_FOUND, ThemeErrorCode.THEME_NOT_FOUND, `Theme "${wanted}" was not found`, THEME_TITLES.preference);
      if (!source) throw notFound;
      const same = await this.stored.findOwnedByThemeId(userId, source.themeId, m);
      if (same && same.packSha256 === source.packSha256) return userTheme(same.themeId, same, await this.save(m, userId, same.themeId, now));
      const copy = await this.stored.copy(m, userId, source.id);
      if (!copy) throw notFound;
      return userTheme(copy.themeId, copy, await this.save(m, userId, copy.themeId, now), true);
    });
  }

  /** Upserts the user's preference. @returns its updatedAt */
  private async save(m: EntityManager, userId: string, preferredThemeId: string, now: Date): Promise<Date> {
    await m
      .createQueryBuilder()
      .insert()
      .into(UserPreferenceEntity)
      .values({ userId, preferredThemeId, updatedAt: now })
      .orUpdate(['preferred_theme_id', 'updated_at'], ['user_id'])
      .execute();
    return now;
  }
}
