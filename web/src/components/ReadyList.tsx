import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import type { PublicPlayer } from '@nightfall/game-rules';
import { t } from '../i18n/t';
import { PlayerAvatar } from './PlayerAvatar';
import { PlayerName } from './PlayerName';
import { SeatStatus } from './SeatStatus';

/**
 * Per-player status list with a 'N of M players ready' style count. `isDone` decides the state;
 * `doneText`/`waitText` are the labels ('Ready'/'Reading', 'Submitted'/'Thinking...').
 */
export function ReadyList({
  players,
  isDone,
  doneText,
  waitText,
  countText,
  meId,
  testId = 'ready-list',
}: {
  players: PublicPlayer[];
  isDone: (p: PublicPlayer) => boolean;
  doneText: string;
  waitText: string;
  countText?: (done: number, total: number) => string;
  meId?: string;
  testId?: string;
}) {
  const done = players.filter(isDone).length;
  return (
    <div className="nf-stack-sm" data-testid={testId}>
      <div className="nf-count" data-testid={`${testId}-count`}>
        {(countText ?? ((d, total) => t('ready.count', { done: d, total })))(done, players.length)}
      </div>
      <ul className="nf-rows">
        {players.map((p) => {
          const ok = isDone(p);
          return (
            <li key={p.userId} className="nf-row" data-testid={`${testId}-${p.userId}`} data-done={ok}>
              <PlayerAvatar name={p.displayName} isBot={p.isBot} online={p.online} size={32} />
              <PlayerName name={p.displayName} you={p.userId === meId} />
              <SeatStatus player={p} />
              <span className={ok ? 'nf-ok' : 'nf-wait'}>
                {ok ? <CheckCircleFilled /> : <ClockCircleOutlined />} {ok ? doneText : waitText}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
