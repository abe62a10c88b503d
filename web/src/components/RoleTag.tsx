import type { RoleName, Team } from '@nightfall/game-rules';
import { roleLabel, roleTeam } from '../lib/roles';
import { TEAM_COLORS } from '../theme/appTheme';

/** A role name in its team colour. */
export function RoleTag({ role, team, strong = false }: { role: RoleName | string | null | undefined; team?: Team; strong?: boolean }) {
  const color = TEAM_COLORS[team ?? roleTeam(role)];
  return (
    <span className="nf-role-tag" style={{ color, borderColor: `${color}66`, background: `${color}1a`, fontWeight: strong ? 700 : 500 }}>
      {roleLabel(role)}
    </span>
  );
}
