import { Modal, Typography } from 'antd';
import type { RoleName } from '@nightfall/game-rules';
import { roleDef, roleLabel, roleOrder, roleTeam } from '../lib/roles';
import { TEAM_COLORS, TEAM_LABELS } from '../theme/appTheme';
import { TeamIcon } from './TeamIcon';

/** Role information: image placeholder, description, team, night position (only when > 0), win condition. */
export function RoleInfoModal({ role, onClose }: { role: RoleName | null; onClose: () => void }) {
  const def = roleDef(role);
  const team = roleTeam(role);
  const order = role ? roleOrder(role) : 0;
  return (
    <Modal open={role !== null} onCancel={onClose} footer={null} title={role ? roleLabel(role) : ''} centered destroyOnHidden>
      {role ? (
        <div className="nf-stack" data-testid="role-info-modal">
          <div className="nf-center">
            <TeamIcon team={team} size={72} />
          </div>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{def?.description ?? `A ${role} role.`}</Typography.Paragraph>
          <div>
            <Typography.Text type="secondary">Team: </Typography.Text>
            <Typography.Text strong style={{ color: TEAM_COLORS[team] }}>
              {TEAM_LABELS[team]}
            </Typography.Text>
          </div>
          {order > 0 ? <Typography.Text>acts in position #{order} during the night phase</Typography.Text> : null}
          {def?.winCondition ? (
            <div>
              <Typography.Text type="secondary">Win condition: </Typography.Text>
              <Typography.Text>{def.winCondition}</Typography.Text>
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
