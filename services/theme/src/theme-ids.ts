import { GENERIC_THEME_ID, LEGACY_THEME_IDS } from '@nightfall/themes';

/**
 * The ids that always mean the built-in theme: `generic` itself and the legacy ids (spec 001 section 4:
 * corporate-espionage, corporate, russiagate, onuw-classic map to generic). No stored theme may use
 * them; setting one as a preference or as the default sets generic.
 */
export function isReservedThemeId(id: string): boolean {
  return id === GENERIC_THEME_ID || LEGACY_THEME_IDS.includes(id);
}
