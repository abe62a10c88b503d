import type { RoleId, Team } from '@nightfall/game-rules';
import { useRoleDisplay, useRuleText } from './RolesContext';
import { readableOn } from '../lib/contrast';
import { roleColor } from './roleStyle';

/**
 * A role name (the theme's name, a custom role's title for the game's theme) in its team colour (the
 * theme's); `team` overrides the colour.
 */
export function RoleTag({ role, team, strong = false }: { role: RoleId | string | null | undefined; team?: Team; strong?: boolean }) {
  const d = useRoleDisplay(role);
  const text = useRuleText();
  const color = team ? text.teamColor(team) : roleColor(d);
  return (
    <span className="nf-role-tag" style={{ color: readableOn(color), borderColor: `${color}66`, background: `${color}1a`, fontWeight: strong ? 700 : 500 }} data-role={role ?? undefined}>
      {d.title}
    </span>
  );
}
