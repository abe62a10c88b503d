import type { RoleName } from '@nightfall/game-rules';
import { RoleImage } from '../../components/RoleImage';
import { roleDef, roleLabel, roleTeam } from '../../lib/roles';
import { TEAM_COLORS, TEAM_LABELS } from '../../theme/appTheme';

/** The player's own role card in its team colour, with the role's picture. */
export function RoleCard({ role, caption = 'Your role' }: { role: RoleName; caption?: string }) {
  const team = roleTeam(role);
  const color = TEAM_COLORS[team];
  const def = roleDef(role);
  return (
    <div className="nf-role-card" style={{ borderColor: color, background: `linear-gradient(160deg, ${color}26, rgba(255,255,255,0.02))` }} data-testid="role-card" data-role={role} data-team={team}>
      <span className="nf-muted nf-small">{caption}</span>
      <RoleImage role={role} size={120} />
      <div className="nf-role-card-name" style={{ color }} data-testid="role-card-name">
        {roleLabel(role)}
      </div>
      <span style={{ color, fontWeight: 600 }}>{TEAM_LABELS[team]}</span>
      {def?.description ? <p style={{ margin: 0 }}>{def.description}</p> : null}
    </div>
  );
}
