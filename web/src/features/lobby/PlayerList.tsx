import { Button, Card, Popconfirm, type ButtonProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, RobotOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { PublicPlayer } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../components/PlayerAvatar';
import { t } from '../../i18n/t';

function playerLabel(p: PublicPlayer, meId: string): string {
  if (p.userId === meId) return t('lobby.players.you');
  if (p.isBot) return t('lobby.players.bot');
  if (p.isHost) return t('lobby.players.host');
  return t('lobby.players.player');
}

/**
 * Players in seat order: seat number, avatar, name, label (You/Bot/Host/Player), Ready / Waiting... for
 * non-hosts. Host extras: remove bot, and up/down arrows while arranging seats.
 */
export function PlayerList({
  players,
  meId,
  isHost,
  arranging,
  connected,
  seatingBusy,
  onMove,
  onRemoveBot,
  onKick,
  extra,
}: {
  players: PublicPlayer[];
  meId: string;
  isHost: boolean;
  arranging: boolean;
  connected: boolean;
  seatingBusy: boolean;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemoveBot: (botUserId: string) => void;
  /** The host removes a human player (docs/rules.md "Kick and leave"), after a confirmation. */
  onKick: (userId: string) => void;
  extra?: ReactNode;
}) {
  return (
    <Card title={t('lobby.players.title', { count: players.length })} extra={extra} size="small">
      <ul className="nf-rows" data-testid="player-list">
        {players.map((p, i) => (
          <li key={p.userId} className="nf-row" data-testid={`player-row-${p.userId}`}>
            <span className="nf-seat">{i + 1}</span>
            <PlayerAvatar name={p.displayName} isBot={p.isBot} online={p.userId === meId ? connected : p.online} size={36} />
            <span className="nf-row-name">
              {p.displayName}
              <div className="nf-muted nf-small">
                {p.isBot ? <RobotOutlined /> : null} {playerLabel(p, meId)}
              </div>
            </span>
            {!p.isHost ? <span className={p.online ? 'nf-ok' : 'nf-wait'}>{p.online ? t('common.ready') : t('common.waiting')}</span> : null}
            {isHost && arranging ? (
              <span className="nf-row-wrap" style={{ gap: 2, flexWrap: 'nowrap' }}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('lobby.players.move_up', { name: p.displayName })}
                  disabled={i === 0 || seatingBusy}
                  onClick={() => onMove(i, -1)}
                  data-testid={`seat-up-${p.userId}`}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('lobby.players.move_down', { name: p.displayName })}
                  disabled={i === players.length - 1 || seatingBusy}
                  onClick={() => onMove(i, 1)}
                  data-testid={`seat-down-${p.userId}`}
                />
              </span>
            ) : null}
            {isHost && p.isBot && !arranging ? (
              <Button
                size="small"
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('lobby.players.remove', { name: p.displayName })}
                disabled={!connected}
                onClick={() => onRemoveBot(p.userId)}
                data-testid={`remove-bot-${p.userId}`}
              />
            ) : null}
            {isHost && !p.isBot && p.userId !== meId && !arranging ? (
              <Popconfirm
                title={t('kick.confirm.title', { name: p.displayName })}
                description={t('kick.confirm.text')}
                okText={t('kick.confirm.ok')}
                cancelText={t('kick.confirm.cancel')}
                okButtonProps={{ danger: true, 'data-testid': `kick-confirm-${p.userId}` } as ButtonProps}
                onConfirm={() => onKick(p.userId)}
              >
                <Button size="small" danger type="text" icon={<UserDeleteOutlined />} aria-label={t('kick.button', { name: p.displayName })} disabled={!connected} data-testid={`kick-${p.userId}`} />
              </Popconfirm>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
