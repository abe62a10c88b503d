import { Card } from 'antd';
import type { GameView } from '@nightfall/game-rules';
import { ReadyList } from '../../../components/ReadyList';
import { t } from '../../../i18n/t';
import type { GameMe } from '../types';
import { CopierDiscovery } from './CopierDiscovery';

/** 'Action Submitted' waiting view with each player's submission status (and a copier's discovery). */
export function ActionSubmittedView({ view, me }: { view: GameView; me: GameMe }) {
  return (
    <div className="nf-stack" data-testid="action-submitted">
      <Card>
        <div className="nf-center" style={{ flexDirection: 'column', gap: 4 }}>
          <strong style={{ fontSize: 18 }}>{t('nightview.submitted.title')}</strong>
          <span className="nf-muted">{t('nightview.submitted.text')}</span>
        </div>
      </Card>
      {me.immediateResult ? <CopierDiscovery result={me.immediateResult} compact /> : null}
      <Card size="small">
        <ReadyList
          players={view.players}
          meId={me.userId}
          isDone={(p) => p.hasSubmitted}
          doneText={t('nightview.submitted.done')}
          waitText={t('common.waiting')}
          countText={(done, total) => t('nightview.submitted.count', { done, total })}
          testId="submit-status"
        />
      </Card>
    </div>
  );
}
