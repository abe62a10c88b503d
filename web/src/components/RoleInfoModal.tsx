import { Modal, Typography } from 'antd';
import type { RoleId } from '@nightfall/game-rules';
import { t } from '../i18n/t';
import { RoleImage } from './RoleImage';
import { useRoleDisplay, useRuleText } from './RolesContext';
import { roleColor } from './roleStyle';

/**
 * Role information (spec 000 section 2): the role's picture, description, team, the action-order line
 * ('acts in position #N during the night phase', only when N > 0) and the win condition; names,
 * descriptions, team labels and colours of the active theme. A custom role
 * shows its title and picture for the game's theme, its abilities, its team label (with the team it plays
 * with when the label is neither villager nor werewolf) and its team's win condition.
 */
export function RoleInfoModal({ role, onClose }: { role: RoleId | string | null; onClose: () => void }) {
  const d = useRoleDisplay(role);
  const text = useRuleText();
  // A custom label that is not the name of the team it plays with ('vampire', 'neutral'): both are shown.
  const labelTeam = d.custom && !!d.teamLabel && (d.group.kind === 'label' || d.group.team !== d.team);
  return (
    <Modal open={role !== null} onCancel={onClose} footer={null} title={role ? d.title : ''} centered destroyOnHidden width={420}>
      {role ? (
        <div className="nf-stack" data-testid="role-info-modal" data-role={role} data-custom={d.custom}>
          <div className="nf-center">
            <RoleImage role={role} size={120} />
          </div>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }} data-testid="role-info-description">
            {d.description}
          </Typography.Paragraph>
          <div data-testid="role-info-team">
            <Typography.Text type="secondary">{t('role_info.team')}</Typography.Text>
            {labelTeam ? (
              <>
                <Typography.Text strong style={{ color: roleColor(d) }}>
                  {d.teamLabel}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ color: text.teamTextColor(d.team) }}>
                  {t('role_info.plays_with', { teamName: text.teamName(d.team) })}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text strong style={{ color: roleColor(d) }}>
                {d.teamName}
              </Typography.Text>
            )}
          </div>
          {d.order > 0 ? <Typography.Text data-testid="role-info-order">{t('role_info.order', { order: d.order })}</Typography.Text> : null}
          {d.winCondition ? (
            <div data-testid="role-info-win">
              <Typography.Text type="secondary">{t('role_info.win')}</Typography.Text>
              <Typography.Text>{d.winCondition}</Typography.Text>
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
