import { Button, Tooltip, Typography } from 'antd';
import { CopyOutlined, HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { ConnectionIndicator } from '../../components/ConnectionIndicator';
import { tx } from '../../i18n/react';
import { t } from '../../i18n/t';
import type { ConnectionState } from '../../lib/realtime';

/** Lobby header: room code (tap to copy), host name and the connection indicator. */
export function LobbyHeader({ roomCode, hostName, connection, onRetry }: { roomCode: string; hostName: string; connection: ConnectionState; onRetry: () => void }) {
  const copy = () => {
    void navigator.clipboard?.writeText(roomCode).catch(() => undefined);
  };
  return (
    <header className="nf-stack-sm">
      <h1 className="nf-sr-only">{t('lobby.heading', { code: roomCode })}</h1>
      <div className="nf-between">
        <Link to="/" aria-label={t('common.return_home')}>
          <Button type="text" icon={<HomeOutlined />} />
        </Link>
        <ConnectionIndicator state={connection} onRetry={onRetry} />
      </div>
      <div className="nf-center" style={{ flexDirection: 'column', gap: 2 }}>
        <Typography.Text type="secondary">{t('lobby.room_code')}</Typography.Text>
        <div className="nf-row-wrap" style={{ justifyContent: 'center' }}>
          <span className="nf-code" style={{ fontSize: 34 }} data-testid="room-code">
            {roomCode}
          </span>
          <Tooltip title={t('lobby.copy')}>
            <Button type="text" icon={<CopyOutlined />} onClick={copy} aria-label={t('lobby.copy_room_code')} />
          </Tooltip>
        </div>
        <Typography.Text type="secondary" data-testid="host-name">
          {tx('lobby.host', { name: <strong>{hostName}</strong> })}
        </Typography.Text>
      </div>
    </header>
  );
}
