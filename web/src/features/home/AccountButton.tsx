import { Button } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '@nightfall/protocol';
import { t } from '../../i18n/t';
import { userLabel } from '../../lib/format';
import { ProfileModal } from '../account/ProfileModal';

/**
 * Top-right account button: the display name, else the e-mail prefix, opening the profile modal; 'Sign In /
 * Sign Up' (to /auth) when signed out.
 */
export function AccountButton({
  me,
  signedIn,
  open,
  onOpenChange,
  onShowInfo,
}: {
  me: MeResponse | null;
  signedIn: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShowInfo: () => void;
}) {
  const navigate = useNavigate();

  if (!signedIn || !me) {
    return (
      <Button icon={<UserOutlined />} onClick={() => navigate('/auth')} data-testid="account-button">
        {t('home.sign_in_up')}
      </Button>
    );
  }

  return (
    <>
      <Button icon={<UserOutlined />} onClick={() => onOpenChange(true)} data-testid="account-button" style={{ maxWidth: 220 }}>
        <span className="nf-option-label">{userLabel(me)}</span>
      </Button>
      <ProfileModal me={me} open={open} onClose={() => onOpenChange(false)} onShowInfo={onShowInfo} />
    </>
  );
}
