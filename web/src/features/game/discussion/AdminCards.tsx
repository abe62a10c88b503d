import { Card } from 'antd';
import { PILE_INDEX, type GameView } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';

/**
 * Admin only (spec 000 section 2): the center cards and every player's card before the results. The
 * server sends them only to the admin account, so the panel shows whenever they are in the view.
 */
export function AdminCards({ view }: { view: GameView }) {
  const center = view.game.centerCards;
  if (!center || view.game.phase === 'results') return null;
  return (
    <Card size="small" title="Admin: all cards" data-testid="admin-cards">
      <div className="nf-stack-sm">
        <div className="nf-row-wrap">
          <span className="nf-muted nf-small">Center:</span>
          {center.map((r, i) => (
            <span key={i} className="nf-row-wrap" style={{ gap: 4 }}>
              <span className="nf-muted nf-small">{i === PILE_INDEX ? 'Pile' : `#${i + 1}`}</span>
              <RoleTag role={r} />
            </span>
          ))}
        </div>
        <ul className="nf-rows">
          {view.players.map((p) => (
            <li key={p.userId} className="nf-row nf-small">
              <span className="nf-row-name">{p.displayName}</span>
              <RoleTag role={p.originalRole} />
              <span className="nf-muted">→</span>
              <RoleTag role={p.currentRole} strong />
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
