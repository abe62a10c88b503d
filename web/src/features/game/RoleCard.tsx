import type { RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../components/RoleImage';
import { useRoleDisplay, useRuleText } from '../../components/RolesContext';
import { roleColor } from '../../components/roleStyle';
import { t } from '../../i18n/t';

/**
 * The player's own role card in its team colour, with the role's picture, name, team label and description
 * as the active theme shows them (a custom role's title and image).
 */
export function RoleCard({ role, caption = t('role.card.caption') }: { role: RoleId; caption?: string }) {
  const d = useRoleDisplay(role);
  const text = useRuleText();
  const color = roleColor(d);
  const teamText =
    d.custom && d.teamLabel && (d.group.kind === 'label' || d.group.team !== d.team) ? t('role.card.plays_with', { label: d.teamLabel, teamName: text.teamName(d.team) }) : d.teamName;
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
