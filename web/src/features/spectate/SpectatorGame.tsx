import { Card, Spin } from 'antd';
import type { GameView, PublicPlayer } from '@nightfall/game-rules';
import type { ChatMessage } from '@nightfall/protocol';
import { CountdownBar } from '../../components/CountdownBar';
import { ReadyList } from '../../components/ReadyList';
import { useCountdown } from '../../hooks/useCountdown';
import { t, type MessageKey } from '../../i18n/t';
import { Chat } from '../game/discussion/Chat';
import { RolesInGame } from '../game/discussion/RolesInGame';
import { discussionEnd } from '../game/phases/DiscussionView';
import { PhaseTitle } from '../game/PhaseTitle';
import { EliminatedAndWinners } from '../game/results/EliminatedAndWinners';
import { FinalRoles } from '../game/results/FinalRoles';
import { NightLog } from '../game/results/NightLog';
import { VerifyDeal } from '../game/results/VerifyDeal';
import { VoteSummary } from '../game/results/VoteSummary';
import { NightReplay } from '../history/NightReplay';
import { SpectatorBanner } from './SpectatorBanner';

/** What counts as done in a phase, for the spectator's list of players. */
const PROGRESS: Partial<Record<GameView['game']['phase'], { done: (p: PublicPlayer) => boolean; doneKey: MessageKey; countKey: MessageKey }>> = {
  role_deal: { done: (p) => p.isReady, doneKey: 'spectate.status.ready', countKey: 'spectate.count.ready' },
  job_choice: { done: (p) => p.hasSubmitted, doneKey: 'spectate.status.done', countKey: 'spectate.count.done' },
  role_resolve: { done: (p) => p.isReady, doneKey: 'spectate.status.ready', countKey: 'spectate.count.ready' },
  discussion: { done: (p) => p.isReady, doneKey: 'spectate.status.ready', countKey: 'spectate.count.ready' },
  vote: { done: (p) => p.hasVoted, doneKey: 'spectate.status.voted', countKey: 'spectate.count.voted' },
};

/**
 * A spectator's game screen (docs/rules.md "Spectators"), every phase from the deal to the results: the
 * public view only, as the server computed it (no card, no action, no result until the results, where
 * everything is revealed): who is done, the timers, the roles in the game, the chat without an input, and at
 * the results the whole outcome with the night replay and Verify deal.
 */
export function SpectatorGame({ view, messages, connected, onStop }: { view: GameView; messages: ChatMessage[]; connected: boolean; onStop: () => void }) {
  const { game } = view;
  const discussionEndsAt = game.phase === 'discussion' ? discussionEnd(game) : null;
  const remaining = useCountdown(game.phase === 'vote' ? game.deadlineAt : discussionEndsAt);
  const progress = PROGRESS[game.phase];
  const banner = <SpectatorBanner connected={connected} onStop={onStop} />;

  if (game.phase === 'results') {
    const results = game.voteResults;
    return (
      <section className="nf-stack" data-testid="spectator-game" data-phase="results">
        {banner}
        {!results || game.settings.calculatingResults ? (
          <div className="nf-status">
            <Spin size="large" />
            <strong>{t('results.calculating')}</strong>
          </div>
        ) : (
          <>
            <EliminatedAndWinners results={results} players={view.players} />
            <VoteSummary results={results} players={view.players} />
            <NightReplay view={view} />
            <NightLog entries={game.nightLog ?? []} players={view.players} />
            <FinalRoles results={results} players={view.players} centerCards={game.centerCards} />
            <VerifyDeal view={view} />
          </>
        )}
      </section>
    );
  }

  return (
    <section className="nf-stack" data-testid="spectator-game" data-phase={game.phase}>
      <PhaseTitle title={t(`phase.${game.phase}` as MessageKey)} />
      {banner}
      {game.phase === 'job_choice' ? <Card size="small">{t('spectate.night')}</Card> : null}
      {game.phase === 'discussion' || game.phase === 'vote' ? (
        <Card size="small">
          <CountdownBar
            remainingMs={remaining}
            totalMs={(game.phase === 'vote' ? game.settings.votingTime : game.settings.discussionTime) * 1000}
            label={game.phase === 'vote' ? t('spectate.vote_ends') : t('discussion.ends_in')}
          />
        </Card>
      ) : null}
      {progress ? (
        <Card size="small">
          <ReadyList
            players={view.players}
            isDone={progress.done}
            doneText={t(progress.doneKey)}
            waitText={t('spectate.status.waiting')}
            countText={(done, total) => t(progress.countKey, { done, total })}
            testId="spectator-players"
          />
        </Card>
      ) : null}
      {game.phase === 'discussion' || game.phase === 'vote' ? (
        <Card size="small" title={t('spectate.chat')}>
          <Chat messages={messages} meId="" connected={connected} readOnly onSend={() => false} />
        </Card>
      ) : null}
      <Card size="small" title={t('discussion.roles')}>
        <RolesInGame roles={game.selectedRoles} centerCount={game.centerCount} />
      </Card>
    </section>
  );
}
