import { Button, Card } from 'antd';
import type { PublicPlayer } from '@nightfall/game-rules';
import { ReadyList } from '../../../components/ReadyList';
import { usePending } from '../../../hooks/usePending';
import { t } from '../../../i18n/t';

/** 'Play Again' with the per-player ready list (bots excluded). */
export function PlayAgainPanel({ players, meId, connected, onPlayAgain }: { players: PublicPlayer[]; meId: string; connected: boolean; onPlayAgain: () => boolean }) {
  const humans = players.filter((p) => !p.isBot);
  const mine = players.find((p) => p.userId === meId);
  const wants = !!mine?.wantsPlayAgain;
  const guard = usePending(wants);
  return (
    <Card size="small" title={t('results.play_again')} data-testid="play-again-panel">
      <div className="nf-stack-sm">
        <Button type="primary" size="large" block disabled={!connected || wants || guard.pending} onClick={() => guard.run(onPlayAgain)} data-testid="play-again">
          {wants ? t('results.play_again.waiting') : t('results.play_again')}
        </Button>
        <ReadyList players={humans} meId={meId} isDone={(p) => p.wantsPlayAgain} doneText={t('common.ready')} waitText={t('common.waiting')} testId="play-again-list" />
      </div>
    </Card>
  );
}
