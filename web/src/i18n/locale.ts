/**
 * The locale of the web app (docs/architecture.md "Locales"): English, built in, or Spanish, loaded on
 * demand (`./es`, its own chunk, so the English home route does not carry it). A locale is a
 * {@link LocalePack}: the catalogue's texts (the theme screens' too), the grammar that puts a theme's words
 * into sentences, the catalogue roles' texts and the generic theme in that language. The choice: a saved one
 * (the language selector, `localStorage`), else the browser's languages (`es-*` -> Spanish), else English.
 * Framework-free but for `document`/`localStorage` in {@link startLocale} and {@link switchLocale}.
 */
import { GENERIC_THEME } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { capitalize, commonNoun, plural, singular, teamMembers } from './en/grammar';
import { EN, type MessageKey } from './en/index';
import type { Grammar, Locale, LocalePack, RoleTexts } from './locale-pack';
import { setCatalogue } from './t';

export type { Grammar, Locale, LocalePack, RoleTexts } from './locale-pack';

/** Every language of the app, English first. */
export const LOCALES: readonly Locale[] = ['en', 'es'];

/** Where the player's choice is kept. */
export const LOCALE_STORAGE_KEY = 'nightfall.locale';

const ENGLISH_GRAMMAR: Grammar = { commonNoun, plural, singular, teamMembers, capitalize };

let current: LocalePack | null = null;

/**
 * The locale for a visitor: a saved choice wins; else the first of the browser's languages that the app
 * knows decides (`es`, `es-AR` -> Spanish; `en-GB` -> English); else English.
 */
export function pickLocale(saved: string | null | undefined, languages: readonly string[]): Locale {
  if (saved && (LOCALES as readonly string[]).includes(saved)) return saved as Locale;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0] ?? '';
    if ((LOCALES as readonly string[]).includes(base)) return base as Locale;
  }
  return 'en';
}

/** antd's texts of the locale in use (undefined: antd's English). */
export function antdLocale(): AntdLocale | undefined {
  return current?.antd;
}

/** The locale in use. */
export function activeLocale(): Locale {
  return current?.locale ?? 'en';
}

/** The grammar of the locale in use. */
export function grammar(): Grammar {
  return current?.grammar ?? ENGLISH_GRAMMAR;
}

/** The texts of a catalogue role in the locale in use; undefined in English (the rules' own texts are English). */
export function localRole(role: string): RoleTexts | undefined {
  return current ? (current.roles as Readonly<Record<string, RoleTexts>>)[role] : undefined;
}

/** The theme to show for `theme`: the built-in generic theme in the locale in use; any pack as written. */
export function localTheme(theme: Theme): Theme {
  return theme === GENERIC_THEME && current ? current.genericTheme : theme;
}

/** Makes `pack` the locale in use (null: English). */
export function installLocale(pack: LocalePack | null): void {
  current?.uninstall?.();
  current = pack;
  setCatalogue(pack ? ({ ...pack.messages, ...pack.themes } as Readonly<Record<MessageKey, string>>) : EN);
  pack?.install?.();
}

/** The pack of a locale, loaded on demand; null for English. */
export async function loadLocale(locale: Locale): Promise<LocalePack | null> {
  if (locale === 'es') return (await import('./es/index')).ES_LOCALE;
  return null;
}

function savedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Loads and installs `locale` and tells the page (`<html lang>`). */
async function applyLocale(locale: Locale): Promise<Locale> {
  const pack = await loadLocale(locale);
  installLocale(pack);
  document.documentElement.lang = locale;
  return locale;
}

/**
 * The start-up choice (before the first render, so no English text flashes): the saved locale or the
 * browser's. A pack that cannot load (offline, an old deploy) leaves English.
 */
export async function startLocale(): Promise<Locale> {
  const locale = pickLocale(savedLocale(), typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
  try {
    return await applyLocale(locale);
  } catch {
    return applyLocale('en');
  }
}

/** The language selector's change: saves the choice and installs the locale. */
export async function switchLocale(locale: Locale): Promise<Locale> {
  const done = await applyLocale(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  return done;
}
