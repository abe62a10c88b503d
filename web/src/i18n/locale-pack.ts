/**
 * The shape of a locale (docs/architecture.md "Locales"), apart from `locale.ts` so that a pack loaded on demand
 * (`./es`) and the module that loads it do not import each other.
 */
import type { Theme } from '@nightfall/themes';
import type { RoleName } from '@nightfall/game-rules';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { MessageKey, ThemesMessageKey } from './en/index';

/** A language of the app. */
export type Locale = 'en' | 'es';

/** How a locale puts a theme's names into sentences ('Bad Guy' -> 'bad guy', 'bad guys'...). */
export interface Grammar {
  commonNoun(name: string): string;
  plural(name: string): string;
  singular(name: string): string;
  teamMembers(teamName: string): string;
  capitalize(text: string): string;
}

/** What a screen says about a catalogue role besides its themed name and description. */
export interface RoleTexts {
  displayName: string;
  description: string;
  instructions: string;
  winCondition: string;
}

/** A second language: every text of the player screens in it. */
export interface LocalePack {
  locale: Locale;
  /** The catalogue: every key of the English one. */
  messages: Readonly<Record<MessageKey, string>>;
  /** The theme screens' texts (`i18n/themes.ts`); the admin console stays English. */
  themes: Readonly<Record<ThemesMessageKey, string>>;
  grammar: Grammar;
  roles: Readonly<Record<RoleName, RoleTexts>>;
  /** The built-in generic theme in this language (same id, colours and pictures). */
  genericTheme: Theme;
  /** antd's own texts (empty lists, modal buttons, date pickers) in this language. */
  antd?: AntdLocale;
  /** Called when the pack is installed and when another locale replaces it (dayjs's month names). */
  install?(): void;
  uninstall?(): void;
}
