import type { RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../components/RoleImage';
import { useRoleDisplay } from '../../components/RolesContext';
import { roleColor } from '../../components/roleStyle';
import { TEAM_LABELS } from '../../theme/appTheme';

/** The player's own role card in its team colour, with the role's picture (a custom role's title and image). */
export function RoleCard({ role, caption = 'Your role' }: { role: RoleId; caption?: string }) {
  const d = useRoleDisplay(role);
  const color = roleColor(d);
  const teamText = d.custom && d.teamLabel && (d.group.kind === 'label' || d.group.team !== d.team) ? `${d.teamLabel} · plays with the ${TEAM_LABELS[d.team]}` : TEAM_LABELS[d.team];
  return (
    <div className="nf-role-card" style={{ borderColor: color, background: `linear-gradient(160deg, ${color}26, rgba(255,255,255,0.02))` }} data-testid="role-card" data-role={role} data-team={d.team} data-custom={d.custom}>
      <span className="nf-muted nf-small">{caption}</span>
      <RoleImage role={role} size={120} />
      <div className="nf-role-card-name" style={{ color }} data-testid="role-card-name">
        {d.title}
      </div>
      <span style={{ color, fontWeight: 600 }}>{teamText}</span>
      {d.description ? <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{d.description}</p> : null}
    </div>
  );
}
