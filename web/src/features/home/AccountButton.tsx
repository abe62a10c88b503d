import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '@nightfall/protocol';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { userLabel } from '../../lib/format';

/** Top-right account button: 'Sign In / Sign Up' when signed out, else the name opening a small profile modal. */
export function AccountButton({ me, signedIn }: { me: MeResponse | null; signedIn: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { logout } = useAuthActions();
  const toast = useToast();

  if (!signedIn || !me) {
    return (
      <Button icon={<UserOutlined />} onClick={() => navigate('/auth')} data-testid="account-button">
        Sign In / Sign Up
      </Button>
    );
  }

  const name = userLabel(me);
  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        setOpen(false);
        toast.success('Logged Out', 'You have been logged out successfully');
      },
    });
  };

  return (
    <>
      <Button icon={<UserOutlined />} onClick={() => setOpen(true)} data-testid="account-button" style={{ maxWidth: 200 }}>
        <span className="nf-option-label">{name}</span>
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title="Account" centered>
        <div className="nf-stack" data-testid="account-modal">
          <div>
            <Typography.Text strong style={{ fontSize: 18 }}>
              {name}
            </Typography.Text>
            {me.email ? (
              <div>
                <Typography.Text type="secondary">{me.email}</Typography.Text>
              </div>
            ) : null}
          </div>
          <div>
            <Typography.Text type="secondary">Host Status: </Typography.Text>
            <Typography.Text>{me.hasHostRights ? 'Active' : 'None'}</Typography.Text>
          </div>
          <Button danger size="large" block icon={<LogoutOutlined />} loading={logout.isPending} onClick={signOut} data-testid="sign-out">
            Sign Out
          </Button>
        </div>
      </Modal>
    </>
  );
}
