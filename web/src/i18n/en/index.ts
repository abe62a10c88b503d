/**
 * The English catalogue: one module per screen area, merged here. To add a string, add its key to the
 * module of its area (or a new module spread below); `MessageKey` grows with it and `t()` type-checks the
 * key. Keys are `area.thing[.form]`; placeholders are `{name}`.
 */
import { ACCOUNT_EN } from './account';
import type { ADMIN_EN } from './admin';
import { AUTH_EN } from './auth';
import { COMMON_EN } from './common';
import { GAME_EN } from './game';
import { HISTORY_EN } from './history';
import { SPECTATE_EN } from './spectate';
import { HOME_EN } from './home';
import { LOBBY_EN } from './lobby';
import { NARRATION_EN } from './narration';
import { NOTFOUND_EN } from './notfound';
import { PROFILE_EN } from './profile';
import { PURCHASE_EN } from './purchase';
import { RULES_EN } from './rules';
import { TABLE_EN } from './table';
import { THEME_OFFER_EN } from './themeOffer';
import type { THEMES_EN } from './themes';

/**
 * The modules every screen may need, merged into {@link EN}. The admin console's and the theme screens'
 * texts are kept out: they load with those screens (`i18n/admin.ts`, `i18n/themes.ts`), so the players'
 * home route does not carry them (docs/architecture.md "Web").
 */
export const EN_MODULES = [
  COMMON_EN,
  GAME_EN,
  RULES_EN,
  HOME_EN,
  LOBBY_EN,
  ACCOUNT_EN,
  AUTH_EN,
  PROFILE_EN,
  PURCHASE_EN,
  NOTFOUND_EN,
  THEME_OFFER_EN,
  TABLE_EN,
  HISTORY_EN,
  SPECTATE_EN,
  NARRATION_EN,
] as const;

/** Every English text, by key. */
export const EN = {
  ...COMMON_EN,
  ...GAME_EN,
  ...RULES_EN,
  ...HOME_EN,
  ...LOBBY_EN,
  ...ACCOUNT_EN,
  ...AUTH_EN,
  ...PROFILE_EN,
  ...PURCHASE_EN,
  ...NOTFOUND_EN,
  ...THEME_OFFER_EN,
  ...TABLE_EN,
  ...HISTORY_EN,
  ...SPECTATE_EN,
  ...NARRATION_EN,
} as const;

/** A key of the catalogue that every screen can use. */
export type MessageKey = keyof typeof EN;

/** A key of the theme screens' texts (`i18n/themes.ts`). */
export type ThemesMessageKey = keyof typeof THEMES_EN;

/** A key of the admin console's texts (`i18n/admin.ts`). */
export type AdminMessageKey = keyof typeof ADMIN_EN;
