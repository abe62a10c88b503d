import { useCallback, useState } from 'react';
import { Button, Card } from 'antd';
import { CountdownBar } from '../../../components/CountdownBar';
import { ReadyList } from '../../../components/ReadyList';
import { useCountdown } from '../../../hooks/useCountdown';
import { usePending } from '../../../hooks/usePending';
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
      <PhaseTitle title="Vote" subtitle="Vote for the player you want to eliminate" />
      <Card size="small">
        <CountdownBar remainingMs={remaining} totalMs={game.settings.votingTime * 1000} label="Voting ends in" />
      </Card>
      {voted !== null ? (
        <>
          <Card data-testid="vote-cast">
            <div className="nf-center" style={{ flexDirection: 'column', gap: 4 }}>
              <span className="nf-muted">You voted for</span>
              <strong style={{ fontSize: 20 }} data-testid="my-vote">
                {view.players.find((p) => p.userId === voted)?.displayName ?? 'a player'}
              </strong>
            </div>
          </Card>
          <Card size="small">
            <ReadyList
              players={view.players}
              meId={me.userId}
              isDone={(p) => p.hasVoted}
              doneText="Voted"
              waitText="Waiting..."
              countText={(d, t) => `${d} of ${t} players voted`}
              testId="vote-status"
            />
          </Card>
        </>
      ) : (
        <>
          <div className="nf-grid" role="radiogroup" aria-label="Players">
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
              <span className="nf-option-label">{chosen ? `Vote for ${chosen.displayName}` : 'Select a player to vote'}</span>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
