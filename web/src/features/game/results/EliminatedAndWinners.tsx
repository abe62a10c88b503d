import { Card } from 'antd';
import type { PublicPlayer, VoteResults } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { STATUS_COLORS } from '../../../theme/appTheme';

/** Eliminated players with their roles, the winning teams (the theme's names and colours), why, and the winners. */
export function EliminatedAndWinners({ results, players }: { results: VoteResults; players: PublicPlayer[] }) {
  const text = useRuleText();
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? t('common.unknown');
  const conditions = (results.winConditions ?? []).map(text.winCondition).filter((x) => x !== '');
  return (
    <Card size="small" title={t('results.outcome')} data-testid="results-outcome">
      <div className="nf-stack-sm">
        <strong>{t('results.eliminated')}</strong>
        {results.eliminatedPlayers.length === 0 ? (
          <span className="nf-muted">{t('results.nobody_eliminated')}</span>
        ) : (
          <ul className="nf-rows" data-testid="eliminated-players">
            {results.eliminatedPlayers.map((e) => (
              <li key={e.userId} className="nf-row">
                <span className="nf-row-name">{e.displayName}</span>
                <RoleTag role={e.role} />
              </li>
            ))}
          </ul>
        )}
        <strong>{t('results.winners')}</strong>
        <div className="nf-row-wrap">
          {(results.winningTeams ?? []).map((team) => (
            <span key={team} style={{ color: text.teamTextColor(team), fontWeight: 700 }} data-testid="winning-team">
              {text.teamName(team)}
            </span>
          ))}
        </div>
        {conditions.length > 0 ? (
          <span className="nf-muted" data-testid="win-conditions">
            {conditions.join(' ')}
          </span>
        ) : null}
        <div className="nf-row-wrap" data-testid="winners">
          {results.winners.length === 0 ? (
            <span className="nf-muted">{t('results.nobody_won')}</span>
          ) : (
            results.winners.map((id) => (
              <span key={id} className="nf-role-tag" style={{ borderColor: `${STATUS_COLORS.success}66` }}>
                {nameOf(id)}
              </span>
            ))
          )}
        </div>
      </div>
    </Card>
  );
}
