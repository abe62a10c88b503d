/**
 * The Spanish locale (docs/architecture.md "Locales"): every key of the English catalogue (a missing or
 * extra key is a type error), the theme screens' texts, the Spanish grammar, the roles and the generic
 * theme in Spanish, antd's and dayjs's Spanish. Loaded on demand by `../locale.ts` (its own chunk).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import esES from 'antd/locale/es_ES';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { MessageKey } from '../en/index';
import type { LocalePack } from '../locale-pack';
import { ACCOUNT_ES } from './account';
import { AUTH_ES } from './auth';
import { COMMON_ES } from './common';
import { GAME_ES } from './game';
import { capitalize, commonNoun, plural, singular, teamMembers } from './grammar';
import { HISTORY_ES } from './history';
import { SPECTATE_ES } from './spectate';
import { NARRATION_ES } from './narration';
import { HOME_ES } from './home';
import { LOBBY_ES } from './lobby';
import { NOTFOUND_ES } from './notfound';
import { PROFILE_ES } from './profile';
import { PURCHASE_ES } from './purchase';
import { ROLES_ES } from './roles';
import { RULES_ES } from './rules';
import { TABLE_ES } from './table';
import { GENERIC_THEME_ES } from './theme';
import { THEME_OFFER_ES } from './themeOffer';
import { THEMES_ES } from './themes';

/** Every Spanish text of the shared catalogue, by key. */
export const ES: Readonly<Record<MessageKey, string>> = {
  ...COMMON_ES,
  ...GAME_ES,
  ...RULES_ES,
  ...HOME_ES,
  ...LOBBY_ES,
  ...ACCOUNT_ES,
  ...AUTH_ES,
  ...PROFILE_ES,
  ...PURCHASE_ES,
  ...NOTFOUND_ES,
  ...THEME_OFFER_ES,
  ...TABLE_ES,
  ...HISTORY_ES,
  ...SPECTATE_ES,
  ...NARRATION_ES,
};

/** antd's own texts (date pickers, empty lists, modal buttons) in Spanish. */
export const ANTD_ES: AntdLocale = esES;

/** The Spanish locale pack. */
export const ES_LOCALE: LocalePack = {
  locale: 'es',
  messages: ES,
  themes: THEMES_ES,
  grammar: { capitalize, commonNoun, plural, singular, teamMembers },
  roles: ROLES_ES,
  genericTheme: GENERIC_THEME_ES,
  antd: ANTD_ES,
  install: () => {
    dayjs.locale('es');
  },
  uninstall: () => {
    dayjs.locale('en');
  },
};

export { ROLES_ES, THEMES_ES, GENERIC_THEME_ES };
