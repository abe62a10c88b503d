import { Card } from 'antd';
import { ArrowRightOutlined, CheckOutlined, SafetyOutlined } from '@ant-design/icons';
import type { PublicPlayer, VoteResults } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { votesLabel } from '../../../lib/format';
import { TEAM_COLORS, TEAM_LABELS } from '../../../theme/appTheme';

/** Final role reveals: original -> final role with team, votes received, stalker target and protection. */
export function FinalRoles({ results, players }: { results: VoteResults; players: PublicPlayer[] }) {
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? 'Unknown';
  const eliminated = new Set(results.eliminatedPlayers.map((e) => e.userId));
  return (
    <Card size="small" title="Final Roles" data-testid="final-roles">
      <ul className="nf-rows">
        {players.map((p) => (
          <li key={p.userId} className="nf-row" style={{ flexDirection: 'column', alignItems: 'stretch', gap: 4 }} data-testid={`final-role-${p.userId}`}>
            <div className="nf-between">
              <strong className="nf-row-name">
                {p.displayName}
                {eliminated.has(p.userId) ? <span style={{ color: '#ef4444' }}> (eliminated)</span> : null}
              </strong>
              <span className="nf-small">{votesLabel(results.voteCount?.[p.userId] ?? 0)}</span>
            </div>
            <div className="nf-row-wrap">
              <RoleTag role={p.originalRole} />
              <ArrowRightOutlined className="nf-muted" />
              <RoleTag role={p.currentRole} team={p.finalTeam} strong />
              {p.finalTeam ? <span className="nf-small" style={{ color: TEAM_COLORS[p.finalTeam] }}>{TEAM_LABELS[p.finalTeam]}</span> : null}
            </div>
            {p.stalkerTarget ? (
              <span className="nf-small nf-muted">
                Target: {nameOf(p.stalkerTarget)} {eliminated.has(p.stalkerTarget) ? <CheckOutlined style={{ color: '#22c55e' }} aria-label="eliminated" /> : null}
              </span>
            ) : null}
            {p.protectedPlayer ? (
              <span className="nf-small nf-muted">
                <SafetyOutlined /> Protected {nameOf(p.protectedPlayer)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
