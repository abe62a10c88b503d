import type { Theme } from '@nightfall/themes';
import { GENERIC_THEME } from '@nightfall/themes';
import type { RoleDisplay, RoleGroup } from '../lib/roles';
import { groupColorIn, groupTitleIn } from '../lib/roles';
import { localTheme } from '../i18n/locale';
import { readableOn } from '../lib/contrast';

/**
 * Colour of a display group: the team's colour in the theme (the generic theme's when none is given), or
 * the third colour of a custom team label.
 */
export function groupColor(group: RoleGroup, theme: Theme | null | undefined = GENERIC_THEME): string {
  return groupColorIn(group, localTheme(theme ?? GENERIC_THEME));
}

/** Heading of a display group: the team's name in the theme, or the custom team label as written. */
export function groupTitle(group: RoleGroup, theme: Theme | null | undefined = GENERIC_THEME): string {
  return groupTitleIn(group, localTheme(theme ?? GENERIC_THEME));
}

/**
 * Colour a role is drawn in (its group's, in the theme it was looked up with), lightened when needed so that
 * its name stays readable on the app's surfaces (docs/architecture.md "Accessibility").
 */
export function roleColor(d: RoleDisplay): string {
  return readableOn(d.color);
}
