import { useCallback, useState } from 'react';
import { Button, Card } from 'antd';
import { CountdownBar } from '../../../components/CountdownBar';
import { ReadyList } from '../../../components/ReadyList';
import { useCountdown } from '../../../hooks/useCountdown';
import { usePending } from '../../../hooks/usePending';
import { t } from '../../../i18n/t';
import { PlayerOption } from '../pickers/options';
import { PhaseTitle } from '../PhaseTitle';
import type { PhaseProps } from '../types';

/** End of voting: the server deadline, else start + votingTime. */
function votingEnd(game: PhaseProps['view']['game']): number | null {
  if (game.deadlineAt) return game.deadlineAt;
  const start = game.settings.votingStartTime;
  return start ? start + game.settings.votingTime * 1000 : null;
}

/** vote: countdown, all other players, one pick, 'Vote for {player}'; afterwards the vote and who voted. */
export function VoteView({ view, me, connected, send }: PhaseProps) {
  const { game } = view;
  const [choice, setChoice] = useState<string | null>(null);
  const mine = view.players.find((p) => p.userId === me.userId);
  const voted = me.voteTarget ?? (mine?.hasVoted ? (mine.voteTarget ?? '') : null);
  const guard = usePending(voted);
  const noop = useCallback(() => undefined, []);
  const remaining = useCountdown(votingEnd(game), noop);
  const others = view.players.filter((p) => me.voteTargets.includes(p.userId));
  const chosen = others.find((p) => p.userId === choice);

  return (
    <section className="nf-stack" data-testid="phase-vote">
      <PhaseTitle title={t('vote.title')} subtitle={t('vote.subtitle')} />
      <Card size="small">
        <CountdownBar remainingMs={remaining} totalMs={game.settings.votingTime * 1000} label={t('vote.ends_in')} />
      </Card>
      {voted !== null ? (
        <>
          <Card data-testid="vote-cast">
            <div className="nf-center" style={{ flexDirection: 'column', gap: 4 }}>
              <span className="nf-muted">{t('vote.you_voted')}</span>
              <strong style={{ fontSize: 20 }} data-testid="my-vote">
                {view.players.find((p) => p.userId === voted)?.displayName ?? t('vote.a_player')}
              </strong>
            </div>
          </Card>
          <Card size="small">
            <ReadyList
              players={view.players}
              meId={me.userId}
              isDone={(p) => p.hasVoted}
              doneText={t('vote.voted')}
              waitText={t('common.waiting')}
              countText={(done, total) => t('vote.count', { done, total })}
              testId="vote-status"
            />
          </Card>
        </>
      ) : (
        <>
          <div className="nf-grid" role="radiogroup" aria-label={t('vote.aria')}>
            {others.map((p) => (
              <PlayerOption key={p.userId} player={p} selected={choice === p.userId} onClick={() => setChoice(p.userId)} testId={`vote-option-${p.userId}`} />
            ))}
          </div>
          <div className="nf-sticky-actions">
            <Button
              type="primary"
              danger
              size="large"
              block
              disabled={!chosen || !connected || guard.pending}
              onClick={() => chosen && guard.run(() => send({ action: 'submit_vote', data: { targetUserId: chosen.userId } }))}
              data-testid="submit-vote"
            >
              <span className="nf-option-label">{chosen ? t('vote.button', { name: chosen.displayName }) : t('vote.button.none')}</span>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
