import { lazy, Suspense } from 'react';
import { Button, Modal, Typography } from 'antd';
import { BgColorsOutlined, EditOutlined, IdcardOutlined, LogoutOutlined, HistoryOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '@nightfall/protocol';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { avatarGradient, initial, userLabel } from '../../lib/format';
import { HostAccessBlock } from './HostAccessBlock';
import { useNow } from './useNow';
import './account.css';

/** Admin Controls are for admins only: loaded on demand so that the players' home route does not carry them. */
const AdminControls = lazy(() => import('../admin/AdminControls').then((m) => ({ default: m.AdminControls })));

/**
 * Profile modal of the home account button (spec 001 section 2): name and e-mail, the Host Access block,
 * Account Information, Edit Profile (-> /profile), Theme Settings (active hosts: -> /admin/theme), Admin Controls (admins only: 'Admin Panel', 'Debug Status')
 * and Sign Out ('Logged Out' toast).
 */
export function ProfileModal({ me, open, onClose, onShowInfo }: { me: MeResponse; open: boolean; onClose: () => void; onShowInfo: () => void }) {
  const navigate = useNavigate();
  const { logout } = useAuthActions();
  const toast = useToast();
  const now = useNow(60_000, open);
  const name = userLabel(me);

  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        onClose();
        toast.success(t('account.profile.logged_out.title'), t('account.profile.logged_out'));
      },
    });
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('account.profile.title')} centered destroyOnHidden>
      <div className="nf-stack" data-testid="profile-modal">
        <div className="nf-account-head">
          <span className="nf-avatar" style={{ width: 44, height: 44, background: avatarGradient(name), fontSize: 18 }} aria-hidden>
            {initial(name)}
          </span>
          <div className="nf-account-head-text">
            <Typography.Text strong style={{ fontSize: 18 }} data-testid="profile-modal-name">
              {name}
            </Typography.Text>
            {me.email ? (
              <Typography.Text type="secondary" data-testid="profile-modal-email">
                {me.email}
              </Typography.Text>
            ) : null}
          </div>
        </div>
        <HostAccessBlock me={me} now={now} />
        <div className="nf-actions">
          <Button
            size="large"
            block
            icon={<IdcardOutlined />}
            onClick={() => {
              onShowInfo();
              onClose();
            }}
            data-testid="show-account-info"
          >
            {t('account.profile.account_info')}
          </Button>
          <Button size="large" block icon={<EditOutlined />} onClick={() => navigate('/profile')} data-testid="edit-profile">
            {t('account.profile.edit')}
          </Button>
          <Button size="large" block icon={<HistoryOutlined />} onClick={() => navigate('/history')} data-testid="game-history">
            {t('history.menu')}
          </Button>
          {me.hasHostRights ? (
            <Button size="large" block icon={<BgColorsOutlined />} onClick={() => navigate('/admin/theme')} data-testid="theme-settings">
              {t('account.profile.theme_settings')}
            </Button>
          ) : null}
          {me.isAdmin || me.isSuperAdmin ? (
            <Suspense fallback={null}>
              <AdminControls onLeave={onClose} />
            </Suspense>
          ) : null}
          <Button danger size="large" block icon={<LogoutOutlined />} loading={logout.isPending} onClick={signOut} data-testid="sign-out">
            {t('account.profile.sign_out')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
