import { Card } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import type { PublicPlayer, VoteResults } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';

/** Who voted for whom and the totals ('N vote(s)'; the most voted is eliminated). */
export function VoteSummary({ results, players }: { results: VoteResults; players: PublicPlayer[] }) {
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? t('common.unknown');
  const totals = Object.entries(results.voteCount ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return (
    <Card size="small" title={t('results.votes')} data-testid="vote-summary">
      <div className="nf-stack-sm">
        <ul className="nf-rows">
          {players.map((p) => (
            <li key={p.userId} className="nf-row">
              <span className="nf-row-name">{p.displayName}</span>
              <ArrowRightOutlined className="nf-muted" />
              <span className="nf-row-name" style={{ textAlign: 'right' }}>
                {p.voteTarget ? nameOf(p.voteTarget) : <span className="nf-muted">{t('results.no_vote')}</span>}
              </span>
            </li>
          ))}
        </ul>
        <strong>{t('results.totals')}</strong>
        <ul className="nf-rows" data-testid="vote-totals">
          {totals.length === 0 ? <span className="nf-muted">{t('results.no_votes')}</span> : null}
          {totals.map(([id, n]) => (
            <li key={id} className="nf-row">
              <span className="nf-row-name">{nameOf(id)}</span>
              <span>{t('results.vote_count', { count: n })}</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
