import { useCallback } from 'react';
import { Button, Card } from 'antd';
import { CountdownBar } from '../../../components/CountdownBar';
import { RoleTag } from '../../../components/RoleTag';
import { useCountdown } from '../../../hooks/useCountdown';
import { usePending } from '../../../hooks/usePending';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { ArtifactLabel } from '../ArtifactBadge';
import { isMutingArtifact } from '../artifacts';
import { AdminCards } from '../discussion/AdminCards';
import { Chat } from '../discussion/Chat';
import { PlayersGrid } from '../discussion/PlayersGrid';
import { RolesInGame } from '../discussion/RolesInGame';
import { PhaseTitle } from '../PhaseTitle';
import type { PhaseProps } from '../types';

/** End of discussion: the server deadline, else start + discussionTime. */
export function discussionEnd(game: PhaseProps['view']['game']): number | null {
  if (game.deadlineAt) return game.deadlineAt;
  const start = game.settings.discussionStartTime;
  return start ? start + game.settings.discussionTime * 1000 : null;
}

/** discussion: countdown, players, roles in game, center count, chat and 'I'm Ready to Vote'. */
export function DiscussionView({ view, me, messages, connected, send }: PhaseProps) {
  const { game } = view;
  const mine = view.players.find((p) => p.userId === me.userId);
  const ready = !!mine?.isReady;
  const guard = usePending(ready);
  const readyCount = view.players.filter((p) => p.isReady).length;
  const text = useRuleText();

  const onExpire = useCallback(() => {
    send({ action: 'force_discussion_end', data: { gameId: game.id } });
  }, [send, game.id]);
  const remaining = useCountdown(discussionEnd(game), onExpire);

  return (
    <section className="nf-stack" data-testid="phase-discussion">
      <PhaseTitle title={t('discussion.title')} subtitle={t('discussion.subtitle', { wolfTeam: text.wolfTeam() })} />
      <Card size="small">
        <CountdownBar remainingMs={remaining} totalMs={game.settings.discussionTime * 1000} label={t('discussion.ends_in')} />
      </Card>
      {me.originalRole ? (
        <div className="nf-row-wrap nf-small">
          <span className="nf-muted">{t('discussion.dealt')}</span> <RoleTag role={me.originalRole} />
          {me.knownCurrentRole && me.knownCurrentRole !== me.originalRole ? (
            <>
              <span className="nf-muted">{t('discussion.now_hold')}</span> <RoleTag role={me.knownCurrentRole} />
            </>
          ) : null}
          {me.artifactId ? (
            <>
              <span className="nf-muted">{t('discussion.carry')}</span> <ArtifactLabel id={me.artifactId} />
            </>
          ) : null}
        </div>
      ) : null}
      <Card size="small" title={t('discussion.chat')}>
        <Chat
          messages={messages}
          meId={me.userId}
          connected={connected}
          muted={isMutingArtifact(me.artifactId)}
          onSend={(content) => send({ action: 'send_message', data: { content } })}
        />
      </Card>
      <Card size="small" title={t('discussion.players', { count: view.players.length })}>
        <PlayersGrid players={view.players} meId={me.userId} isDone={(p) => p.isReady} />
      </Card>
      <Card size="small" title={t('discussion.roles')}>
        <RolesInGame roles={game.selectedRoles} centerCount={game.centerCount} />
      </Card>
      <AdminCards view={view} />
      {ready ? (
        <Card size="small" data-testid="vote-ready-waiting">
          <div className="nf-center" style={{ flexDirection: 'column', gap: 4 }}>
            <strong>{t('discussion.waiting')}</strong>
            <span className="nf-count" data-testid="vote-ready-count">
              {t('discussion.ready_count', { done: readyCount, total: view.players.length })}
            </span>
          </div>
        </Card>
      ) : (
        <div className="nf-sticky-actions">
          <Button type="primary" size="large" block disabled={!connected || guard.pending} onClick={() => guard.run(() => send({ action: 'ready_next_phase', data: {} }))} data-testid="ready-vote">
            {t('discussion.ready')}
          </Button>
        </div>
      )}
    </section>
  );
}
