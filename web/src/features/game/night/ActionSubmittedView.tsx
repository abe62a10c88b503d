import { Card } from 'antd';
import type { GameView } from '@nightfall/game-rules';
import { ReadyList } from '../../../components/ReadyList';
import type { GameMe } from '../types';
import { CopierDiscovery } from './CopierDiscovery';

/** 'Action Submitted' waiting view with each player's submission status (and a copier's discovery). */
export function ActionSubmittedView({ view, me }: { view: GameView; me: GameMe }) {
  return (
    <div className="nf-stack" data-testid="action-submitted">
      <Card>
        <div className="nf-center" style={{ flexDirection: 'column', gap: 4 }}>
          <strong style={{ fontSize: 18 }}>Action Submitted</strong>
          <span className="nf-muted">Waiting for the other players to finish their night actions...</span>
        </div>
      </Card>
      {me.immediateResult ? <CopierDiscovery result={me.immediateResult} compact /> : null}
      <Card size="small">
        <ReadyList
          players={view.players}
          meId={me.userId}
          isDone={(p) => p.hasSubmitted}
          doneText="Done"
          waitText="Waiting..."
          countText={(d, t) => `${d} of ${t} players done`}
          testId="submit-status"
        />
      </Card>
    </div>
  );
}
