import { Card } from 'antd';
import { PILE_INDEX, type ActionResult, type RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import type { RuleText } from '../../../i18n/rules';
import { tx } from '../../../i18n/react';
import { t } from '../../../i18n/t';

/** Where a seen card was: a player's name, a center card or the theme's bad-guy pile. */
function placeOf(s: { displayName?: string; centerIndex?: number }, text: RuleText): string {
  if (s.displayName) return s.displayName;
  if (s.centerIndex === PILE_INDEX) return text.pile();
  if (s.centerIndex !== undefined) return t('resolve.place.center', { n: s.centerIndex + 1 });
  return t('resolve.place.card');
}

/** "(now X)" for a card carrying a transformation (a Copier card that copied a Bad Guy...). */
function Transformed({ role }: { role: RoleId | undefined }) {
  if (!role) return null;
  return <span className="nf-small nf-muted">{tx('resolve.now', { role: <RoleTag role={role} /> })}</span>;
}

/**
 * The night result (or 'No Action Taken'): the engine's lines worded through the catalogue and the theme,
 * with the cards seen, the bad-guy pile, a new role, the team a Revealer announced and the team an
 * Investigator or Copier joined.
 */
export function ActionResultCard({ result, showNewRole }: { result: ActionResult | null; showNewRole: boolean }) {
  const text = useRuleText();
  const data = result?.data;
  const lines = text.lines(result?.lines);
  return (
    <Card data-testid="action-result-card">
      <div className="nf-stack-sm">
        <strong style={{ fontSize: 18 }} data-testid="action-result">
          {lines.length > 0 ? lines.join(' ') : t('resolve.no_action')}
        </strong>
        {data?.seen && data.seen.length > 0 ? (
          <ul className="nf-rows" data-testid="seen-cards">
            {data.seen.map((s, i) => (
              <li key={i} className="nf-row">
                <RoleImage role={s.role} size={36} />
                <span className="nf-row-name">{placeOf(s, text)}</span>
                <RoleTag role={s.role} />
                <Transformed role={s.transformedTo} />
              </li>
            ))}
          </ul>
        ) : null}
        {data?.badGuyPileCards && data.badGuyPileCards.length > 0 && !data.seen?.some((s) => s.centerIndex === PILE_INDEX) ? (
          <div className="nf-row-wrap" data-testid="bad-guy-pile-cards">
            <span className="nf-muted">{text.pile()}:</span>
            {data.badGuyPileCards.map((r: RoleId, i: number) => (
              <RoleTag key={i} role={r} />
            ))}
          </div>
        ) : null}
        {showNewRole && data?.newRole ? (
          <div className="nf-row-wrap" data-testid="new-role">
            <RoleImage role={data.newRole} size={36} />
            <span className="nf-muted">{t('resolve.new_role')}</span> <RoleTag role={data.newRole} strong />
            <Transformed role={data.newRoleTransformedTo} />
          </div>
        ) : null}
        {data?.revealedTeam ? (
          <div className="nf-row-wrap" data-testid="revealed-team">
            <span className="nf-muted">{t('resolve.announced')}</span>
            <strong style={{ color: text.teamTextColor(data.revealedTeam) }}>{text.teamName(data.revealedTeam)}</strong>
          </div>
        ) : null}
        {data?.becameTeam && !data.copiedRole ? (
          <div className="nf-row-wrap" data-testid="became-team">
            <span className="nf-muted">{t('resolve.team_now')}</span>
            <strong style={{ color: text.teamTextColor(data.becameTeam) }}>{text.teamName(data.becameTeam)}</strong>
          </div>
        ) : null}
        {data?.shielded ? (
          <span className="nf-muted" data-testid="shielded-note">
            {t('resolve.shielded_note', { role: text.role('Role Locker') })}
          </span>
        ) : null}
      </div>
    </Card>
  );
}
