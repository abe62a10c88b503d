import type { ReactNode } from 'react';
import { Button, Card, Spin, Typography } from 'antd';
import { HomeOutlined, LockOutlined, LoginOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/admin';

/** 'Loading... Checking your permissions...' while /api/me answers (and while a redirect is under way). */
export function CheckingScreen() {
  return (
    <div className="nf-status" data-testid="admin-checking">
      <Spin size="large" />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('admin.access.checking.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('admin.access.checking.text')}</Typography.Text>
    </div>
  );
}

/** A full-page gate card: icon, title, text and one button that navigates to `to`. */
function GateCard(p: { testId: string; icon: ReactNode; title: string; text: string; button: string; buttonIcon: ReactNode; buttonTestId: string; to: string }) {
  const navigate = useNavigate();
  return (
    <main className="nf-page" data-testid={p.testId}>
      <div className="nf-status">
        <Card className="nf-admin-gate-card">
          <div className="nf-stack nf-center" style={{ flexDirection: 'column' }}>
            {p.icon}
            <Typography.Title level={3} style={{ margin: 0 }}>
              {p.title}
            </Typography.Title>
            <Typography.Text type="secondary">{p.text}</Typography.Text>
            <Button type="primary" size="large" block icon={p.buttonIcon} onClick={() => navigate(p.to)} data-testid={p.buttonTestId}>
              {p.button}
            </Button>
          </div>
        </Card>
      </div>
    </main>
  );
}

/** The users page's 'Authentication Required' card with a Sign In button (-> /auth). */
export function AuthRequiredCard() {
  return (
    <GateCard
      testId="admin-auth-required"
      icon={<LockOutlined className="nf-admin-gate-icon" aria-hidden />}
      title={t('admin.access.auth_required.title')}
      text={t('admin.access.auth_required.page')}
      button={t('admin.access.sign_in')}
      buttonIcon={<LoginOutlined />}
      buttonTestId="admin-sign-in"
      to="/auth"
    />
  );
}

/** The users page's 'Access Denied / You don't have permission to access this page.' with Return Home. */
export function AccessDeniedCard() {
  return (
    <GateCard
      testId="admin-access-denied"
      icon={<StopOutlined className="nf-admin-gate-icon denied" aria-hidden />}
      title={t('admin.access.denied')}
      text={t('admin.access.denied.page')}
      button={t('admin.access.return_home')}
      buttonIcon={<HomeOutlined />}
      buttonTestId="admin-return-home"
      to="/"
    />
  );
}
