/**
 * Which theme a browser shows (spec 001 section 4 "Theme selection"; docs/themes.md "Selection"):
 * a signed-in user's preferredThemeId wins, then the theme saved in this browser, then the server's
 * global default, then generic. An id that is unknown here or a legacy id means generic.
 */
import { LEGACY_THEME_IDS } from './canonical.js';
import { GENERIC_THEME_ID } from './types.js';

/** What the choice is made from. `known` tells whether a theme id can be shown here (built in or stored). */
export interface ThemeSelectionInput {
  /** A signed-in user's preferred theme id (server), or null. */
  preferredThemeId?: string | null;
  /** The id saved in this browser (`selectedTheme`), or null. */
  savedThemeId?: string | null;
  /** The global default theme (`defaultTheme` setting of the theme service), or null. */
  globalDefaultThemeId?: string | null;
  known: (id: string) => boolean;
}

/** `id` itself when it can be used: not blank, not legacy, and known; else null. */
export function usableThemeId(id: string | null | undefined, known: (id: string) => boolean): string | null {
  if (!id || id.trim() === '') return null;
  const t = id.trim();
  if (t === GENERIC_THEME_ID) return t;
  if (LEGACY_THEME_IDS.includes(t)) return null;
  return known(t) ? t : null;
}

/** The theme id to show: preferred, saved, global default, generic, in that order (spec 001 section 4). */
export function selectThemeId(input: ThemeSelectionInput): string {
  return (
    usableThemeId(input.preferredThemeId, input.known) ??
    usableThemeId(input.savedThemeId, input.known) ??
    usableThemeId(input.globalDefaultThemeId, input.known) ??
    GENERIC_THEME_ID
  );
}
