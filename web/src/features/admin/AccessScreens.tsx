import { Button, Card, Spin, Typography } from 'antd';
import { HomeOutlined, LockOutlined, LoginOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ADMIN_TEXT } from './texts';

/** 'Loading... Checking your permissions...' while /api/me answers (and while a redirect is under way). */
export function CheckingScreen() {
  return (
    <div className="nf-status" data-testid="admin-checking">
      <Spin size="large" />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {ADMIN_TEXT.checkingTitle}
      </Typography.Title>
      <Typography.Text type="secondary">{ADMIN_TEXT.checkingText}</Typography.Text>
    </div>
  );
}

/** The users page's 'Authentication Required' card with a Sign In button (-> /auth). */
export function AuthRequiredCard() {
  const navigate = useNavigate();
  return (
    <main className="nf-page" data-testid="admin-auth-required">
      <div className="nf-status">
        <Card className="nf-admin-gate-card">
          <div className="nf-stack nf-center" style={{ flexDirection: 'column' }}>
            <LockOutlined className="nf-admin-gate-icon" aria-hidden />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {ADMIN_TEXT.authRequiredTitle}
            </Typography.Title>
            <Typography.Text type="secondary">{ADMIN_TEXT.authRequiredPage}</Typography.Text>
            <Button type="primary" size="large" block icon={<LoginOutlined />} onClick={() => navigate('/auth')} data-testid="admin-sign-in">
              {ADMIN_TEXT.signIn}
            </Button>
          </div>
        </Card>
      </div>
    </main>
  );
}

/** The users page's 'Access Denied / You don't have permission to access this page.' with Return Home. */
export function AccessDeniedCard() {
  const navigate = useNavigate();
  return (
    <main className="nf-page" data-testid="admin-access-denied">
      <div className="nf-status">
        <Card className="nf-admin-gate-card">
          <div className="nf-stack nf-center" style={{ flexDirection: 'column' }}>
            <StopOutlined className="nf-admin-gate-icon denied" aria-hidden />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {ADMIN_TEXT.accessDenied}
            </Typography.Title>
            <Typography.Text type="secondary">{ADMIN_TEXT.deniedPage}</Typography.Text>
            <Button type="primary" size="large" block icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="admin-return-home">
              {ADMIN_TEXT.returnHome}
            </Button>
          </div>
        </Card>
      </div>
    </main>
  );
}
