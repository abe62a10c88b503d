/**
 * The English catalogue: one module per screen area, merged here. To add a string, add its key to the
 * module of its area (or a new module spread below); `MessageKey` grows with it and `t()` type-checks the
 * key. Keys are `area.thing[.form]`; placeholders are `{name}`.
 */
import { ACCOUNT_EN } from './account';
import { ADMIN_EN } from './admin';
import { AUTH_EN } from './auth';
import { COMMON_EN } from './common';
import { GAME_EN } from './game';
import { HOME_EN } from './home';
import { LOBBY_EN } from './lobby';
import { NOTFOUND_EN } from './notfound';
import { PROFILE_EN } from './profile';
import { PURCHASE_EN } from './purchase';
import { RULES_EN } from './rules';
import { THEME_OFFER_EN } from './themeOffer';
import { THEMES_EN } from './themes';

/** The catalogue's modules, one per screen area (the duplicate-key test reads them). */
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
  THEMES_EN,
  ADMIN_EN,
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
  ...THEMES_EN,
  ...ADMIN_EN,
} as const;

/** A key of the catalogue. */
export type MessageKey = keyof typeof EN;
