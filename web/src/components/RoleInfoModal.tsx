import { Modal, Typography } from 'antd';
import type { RoleName } from '@nightfall/game-rules';
import { roleDef, roleLabel, roleOrder, roleTeam } from '../lib/roles';
import { TEAM_COLORS, TEAM_LABELS } from '../theme/appTheme';
import { RoleImage } from './RoleImage';

/**
 * Role information (spec 000 section 2): the role's picture, description, team, the action-order line
 * ('acts in position #N during the night phase', only when N > 0) and the win condition.
 */
export function RoleInfoModal({ role, onClose }: { role: RoleName | null; onClose: () => void }) {
  const def = roleDef(role);
  const team = roleTeam(role);
  const order = role ? roleOrder(role) : 0;
  return (
    <Modal open={role !== null} onCancel={onClose} footer={null} title={role ? roleLabel(role) : ''} centered destroyOnHidden width={420}>
      {role ? (
        <div className="nf-stack" data-testid="role-info-modal" data-role={role}>
          <div className="nf-center">
            <RoleImage role={role} size={120} />
          </div>
          <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="role-info-description">
            {def?.description ?? `A ${role} role.`}
          </Typography.Paragraph>
          <div data-testid="role-info-team">
            <Typography.Text type="secondary">Team: </Typography.Text>
            <Typography.Text strong style={{ color: TEAM_COLORS[team] }}>
              {TEAM_LABELS[team]}
            </Typography.Text>
          </div>
          {order > 0 ? <Typography.Text data-testid="role-info-order">acts in position #{order} during the night phase</Typography.Text> : null}
          {def?.winCondition ? (
            <div data-testid="role-info-win">
              <Typography.Text type="secondary">Win condition: </Typography.Text>
              <Typography.Text>{def.winCondition}</Typography.Text>
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
