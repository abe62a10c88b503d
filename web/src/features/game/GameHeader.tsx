import { useState } from 'react';
import { Button, Dropdown, Modal, Typography } from 'antd';
import { HomeOutlined, MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Phase } from '@nightfall/game-rules';
import { ConnectionIndicator } from '../../components/ConnectionIndicator';
import { useMe } from '../../hooks/useMe';
import { userLabel } from '../../lib/format';
import type { ConnectionState } from '../../lib/realtime';
import { GENERIC_THEME } from '../../theme/appTheme';

/** Phase names shown in the header. */
export const PHASE_NAMES: Record<Phase, string> = {
  lobby: 'Lobby',
  role_deal: 'Role Deal',
  job_choice: GENERIC_THEME.nightPhase,
  role_resolve: 'Night Results',
  discussion: 'Discussion',
  vote: 'Voting',
  results: 'Results',
};

/** In-game header: room code, phase, theme name, connection indicator and the menu. */
export function GameHeader({ roomCode, phase, connection, onRetry }: { roomCode: string; phase: Phase; connection: ConnectionState; onRetry: () => void }) {
  const navigate = useNavigate();
  const { me, signedIn } = useMe();
  const [accountOpen, setAccountOpen] = useState(false);

  const items = [
    { key: 'home', icon: <HomeOutlined />, label: <span data-testid="menu-return-home">Return to Home</span> },
    ...(signedIn ? [{ key: 'account', icon: <SettingOutlined />, label: <span data-testid="menu-account-settings">Account Settings</span> }] : []),
  ];

  return (
    <header className="nf-stack-sm" data-testid="game-header">
      <div className="nf-header">
        <div className="nf-header-title">
          <Typography.Text strong style={{ fontSize: 18 }} data-testid="phase-name">
            {PHASE_NAMES[phase] ?? phase}
          </Typography.Text>
          <span className="nf-muted nf-small">
            Room <span className="nf-code" data-testid="room-code">{roomCode}</span> • {GENERIC_THEME.name}
          </span>
        </div>
        <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
          <ConnectionIndicator state={connection} onRetry={onRetry} />
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items,
              onClick: ({ key }) => (key === 'home' ? navigate('/') : setAccountOpen(true)),
            }}
          >
            <Button icon={<MenuOutlined />} aria-label="Menu" data-testid="game-menu" />
          </Dropdown>
        </div>
      </div>
      <Modal open={accountOpen} onCancel={() => setAccountOpen(false)} footer={null} title="Account Settings" centered>
        {me ? (
          <div className="nf-stack-sm" data-testid="account-settings">
            <div>
              <Typography.Text type="secondary">Display name: </Typography.Text>
              <Typography.Text strong>{userLabel(me)}</Typography.Text>
            </div>
            {me.email ? (
              <div>
                <Typography.Text type="secondary">Email: </Typography.Text>
                <Typography.Text>{me.email}</Typography.Text>
              </div>
            ) : null}
            <div>
              <Typography.Text type="secondary">Host Status: </Typography.Text>
              <Typography.Text>{me.hasHostRights ? 'Active' : 'None'}</Typography.Text>
            </div>
          </div>
        ) : null}
      </Modal>
    </header>
  );
}
