import type { RoleDisplay, RoleGroup } from '../lib/roles';
import { OTHER_TEAM_COLOR } from '../lib/roles';
import { TEAM_COLORS, TEAM_LABELS } from '../theme/appTheme';

/** Colour of a display group: the team's colour, or the third colour of a custom team label. */
export function groupColor(group: RoleGroup): string {
  return group.kind === 'team' ? TEAM_COLORS[group.team] : OTHER_TEAM_COLOR;
}

/** Heading of a display group: the team's name, or the custom team label as written. */
export function groupTitle(group: RoleGroup): string {
  return group.kind === 'team' ? TEAM_LABELS[group.team] : group.label;
}

/** Colour a role is drawn in (its group's). */
export function roleColor(d: RoleDisplay): string {
  return groupColor(d.group);
}
