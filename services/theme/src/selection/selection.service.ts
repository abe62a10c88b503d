import { Injectable } from '@nestjs/common';
import type { themeV1 } from '@nightfall/contracts';
import { GENERIC_THEME_ID, usableThemeId } from '@nightfall/themes';
import { DefaultThemeService } from '../default-theme/default-theme.service.js';
import { PreferencesService } from '../preferences/preferences.service.js';

/** Where a resolved theme comes from. */
export type ThemeSource = 'preferred' | 'default' | 'generic';

/**
 * The server's part of the theme selection rules (spec 001 section 4 "Theme selection"; the browser adds
 * the theme saved in it): a signed-in user's usable preferred theme, else the usable global default,
 * else generic. Usable = `usableThemeId` of @nightfall/themes: generic, or a stored theme that exists
 * (legacy and unknown ids mean generic).
 */
@Injectable()
export class SelectionService {
  constructor(
    private readonly preferences: PreferencesService,
    private readonly defaults: DefaultThemeService,
  ) {}

  /**
   * ResolveTheme. @param req.userId '' for a signed-out visitor
   * @throws INVALID_ARGUMENT `INVALID_INPUT` for a malformed user id
   */
  async resolve(req: themeV1.ResolveThemeRequest): Promise<themeV1.ResolvedTheme> {
    if (req.userId !== '') {
      const pref = await this.preferences.get({ userId: req.userId });
      const id = usableThemeId(pref.preferredThemeId, (t) => pref.theme?.themeId === t);
      if (id) return { themeId: id, source: 'preferred', theme: pref.theme };
    }
    const def = await this.defaults.get();
    const id = def.updatedAt ? usableThemeId(def.defaultTheme, (t) => def.theme?.themeId === t) : null;
    if (id) return { themeId: id, source: 'default', theme: def.theme };
    return { themeId: GENERIC_THEME_ID, source: 'generic', theme: undefined };
  }
}
