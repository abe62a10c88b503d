import { Card } from 'antd';
import { PILE_INDEX, type ActionResult, type RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { TEAM_COLORS, TEAM_LABELS } from '../../../theme/appTheme';

/** Where a seen card was: a player's name, a center card or the bad-guy pile. */
function placeOf(s: { displayName?: string; centerIndex?: number }): string {
  if (s.displayName) return s.displayName;
  if (s.centerIndex === PILE_INDEX) return 'Bad-guy pile';
  if (s.centerIndex !== undefined) return `Center card ${s.centerIndex + 1}`;
  return 'Card';
}

/** "(now X)" for a card carrying a transformation (a Copier card that copied a Bad Guy...). */
function Transformed({ role }: { role: RoleId | undefined }) {
  if (!role) return null;
  return (
    <span className="nf-small nf-muted">
      (now <RoleTag role={role} />)
    </span>
  );
}

/**
 * The night result (or 'No Action Taken') with the cards seen, the bad-guy pile, a new role, the team a
 * Revealer announced and the team an Investigator or Copier joined.
 */
export function ActionResultCard({ result, showNewRole }: { result: ActionResult | null; showNewRole: boolean }) {
  const data = result?.data;
  return (
    <Card data-testid="action-result-card">
      <div className="nf-stack-sm">
        <strong style={{ fontSize: 18 }} data-testid="action-result">
          {result?.message || 'No Action Taken'}
        </strong>
        {data?.seen && data.seen.length > 0 ? (
          <ul className="nf-rows" data-testid="seen-cards">
            {data.seen.map((s, i) => (
              <li key={i} className="nf-row">
                <RoleImage role={s.role} size={36} />
                <span className="nf-row-name">{placeOf(s)}</span>
                <RoleTag role={s.role} />
                <Transformed role={s.transformedTo} />
              </li>
            ))}
          </ul>
        ) : null}
        {data?.badGuyPileCards && data.badGuyPileCards.length > 0 && !data.seen?.some((s) => s.centerIndex === PILE_INDEX) ? (
          <div className="nf-row-wrap" data-testid="bad-guy-pile-cards">
            <span className="nf-muted">Bad-guy pile:</span>
            {data.badGuyPileCards.map((r: RoleId, i: number) => (
              <RoleTag key={i} role={r} />
            ))}
          </div>
        ) : null}
        {showNewRole && data?.newRole ? (
          <div className="nf-row-wrap" data-testid="new-role">
            <RoleImage role={data.newRole} size={36} />
            <span className="nf-muted">Your new role:</span> <RoleTag role={data.newRole} strong />
            <Transformed role={data.newRoleTransformedTo} />
          </div>
        ) : null}
        {data?.revealedTeam ? (
          <div className="nf-row-wrap" data-testid="revealed-team">
            <span className="nf-muted">Announced to everyone:</span>
            <strong style={{ color: TEAM_COLORS[data.revealedTeam] }}>{TEAM_LABELS[data.revealedTeam]}</strong>
          </div>
        ) : null}
        {data?.becameTeam && !data.copiedRole ? (
          <div className="nf-row-wrap" data-testid="became-team">
            <span className="nf-muted">Your team is now</span>
            <strong style={{ color: TEAM_COLORS[data.becameTeam] }}>{TEAM_LABELS[data.becameTeam]}</strong>
          </div>
        ) : null}
        {data?.shielded ? (
          <span className="nf-muted" data-testid="shielded-note">
            A card was shielded by the Role Locker: nothing happened to it.
          </span>
        ) : null}
      </div>
    </Card>
  );
}
