import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '@nightfall/protocol';
import { t } from '../../i18n/t';
import { userLabel } from '../../lib/format';

/**
 * The profile modal (with its Modal and host-access screens) is loaded the first time it opens, so the home
 * route does not carry it (issue 12 scope 4: the home route under 250 KB of compressed JavaScript).
 */
const ProfileModal = lazy(() => import('../account/ProfileModal').then((m) => ({ default: m.ProfileModal })));

/**
 * Top-right account button: the display name, else the e-mail prefix, opening the profile modal; 'Sign In /
 * Sign Up' (to /auth) when signed out; a disabled loading button while /api/me is asked (`loading`), so a
 * signed-in user's early tap is not taken as 'Sign In'.
 */
export function AccountButton({
  me,
  signedIn,
  loading = false,
  open,
  onOpenChange,
  onShowInfo,
}: {
  me: MeResponse | null;
  signedIn: boolean;
  /** True while /api/me is still being asked: the button waits, disabled. */
  loading?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShowInfo: () => void;
}) {
  const navigate = useNavigate();
  // Mounted from its first opening on, so that closing it keeps the modal's closing animation.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  if (loading) {
    return <Button icon={<UserOutlined />} loading disabled data-testid="account-button" data-state="loading" aria-label={t('game.status.loading')} />;
  }

  if (!signedIn || !me) {
    return (
      <Button icon={<UserOutlined />} onClick={() => navigate('/auth')} data-testid="account-button" data-state="signed-out">
        {t('home.sign_in_up')}
      </Button>
    );
  }

  return (
    <>
      <Button icon={<UserOutlined />} onClick={() => onOpenChange(true)} data-testid="account-button" data-state="signed-in" style={{ maxWidth: 220 }}>
        <span className="nf-option-label">{userLabel(me)}</span>
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ProfileModal me={me} open={open} onClose={() => onOpenChange(false)} onShowInfo={onShowInfo} />
        </Suspense>
      ) : null}
    </>
  );
}
