import { Card } from 'antd';
import type { PublicPlayer, VoteResults } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { TEAM_COLORS, TEAM_LABELS } from '../../../theme/appTheme';

/** Eliminated players with their roles, the winning teams and the winners. */
export function EliminatedAndWinners({ results, players }: { results: VoteResults; players: PublicPlayer[] }) {
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? 'Unknown';
  return (
    <Card size="small" title="Outcome" data-testid="results-outcome">
      <div className="nf-stack-sm">
        <strong>Eliminated</strong>
        {results.eliminatedPlayers.length === 0 ? (
          <span className="nf-muted">Nobody was eliminated.</span>
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
        <strong>Winners</strong>
        <div className="nf-row-wrap">
          {(results.winningTeams ?? []).map((t) => (
            <span key={t} style={{ color: TEAM_COLORS[t], fontWeight: 700 }}>
              {TEAM_LABELS[t]}
            </span>
          ))}
        </div>
        {results.winCondition ? <span className="nf-muted">{results.winCondition}</span> : null}
        <div className="nf-row-wrap" data-testid="winners">
          {results.winners.length === 0 ? <span className="nf-muted">Nobody won.</span> : results.winners.map((id) => <span key={id} className="nf-role-tag" style={{ borderColor: '#22c55e66' }}>{nameOf(id)}</span>)}
        </div>
      </div>
    </Card>
  );
}
