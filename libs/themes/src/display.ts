/**
 * What a theme shows for a role, a team or the night (docs/themes.md "Themed texts"). Missing text falls
 * back as spec 001 section 5 says: the role's default description, then 'A {role} role.'; a missing team
 * label is 'Unknown Team'.
 */
import { ROLES, isRoleName, roleTeam } from '@nightfall/game-rules';
import type { RoleName, Team } from '@nightfall/game-rules';
import { GENERIC_THEME } from './generic.js';
import type { Theme, ThemeRole } from './types.js';

const blank = (s: string | null | undefined): boolean => !s || s.trim() === '';

/** The theme's entry for a catalogue role, or undefined (custom roles and unknown names). */
export function themeRole(theme: Theme, role: string): ThemeRole | undefined {
  return isRoleName(role) ? theme.roles[role] : undefined;
}

/** The name a theme gives a catalogue role; the generic display name when the theme has none. */
export function themeRoleName(theme: Theme, role: RoleName): string {
  const own = theme.roles[role]?.displayName;
  return blank(own) ? (GENERIC_THEME.roles[role]?.displayName ?? role) : (own as string).trim();
}

/** A role's description in a theme: the theme's, else the catalogue's, else 'A {role} role.'. */
export function themeRoleDescription(theme: Theme, role: RoleName): string {
  const own = theme.roles[role]?.description;
  if (!blank(own)) return (own as string).trim();
  const def = ROLES[role]?.description;
  return blank(def) ? `A ${themeRoleName(theme, role)} role.` : (def as string);
}

/** A team's name in a theme; 'Unknown Team' when the theme has none. */
export function themeTeamName(theme: Theme, team: Team): string {
  const own = theme.teams[team]?.displayName;
  return blank(own) ? 'Unknown Team' : (own as string).trim();
}

/** A team's colour in a theme, else the generic theme's. */
export function themeTeamColor(theme: Theme, team: Team): string {
  const own = theme.teams[team]?.color;
  return blank(own) ? GENERIC_THEME.teams[team].color : (own as string).trim();
}

/** The team label shown with a role: the role's own label in the theme, else its team's name. */
export function themeRoleTeamLabel(theme: Theme, role: RoleName): string {
  const own = theme.roles[role]?.teamLabel;
  return blank(own) ? themeTeamName(theme, roleTeam(role)) : (own as string).trim();
}
