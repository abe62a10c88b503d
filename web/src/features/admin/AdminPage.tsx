import { Button, ConfigProvider, Grid, Tabs, Typography, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { AuditOutlined, BgColorsOutlined, HomeOutlined, IdcardOutlined, LockOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ErrorScreen } from '../../components/StatusScreen';
import { t } from '../../i18n/admin';
import { ADMIN_TAB_PATHS, gateOf, tabOf, type AdminTab } from './access';
import { AccessDeniedCard, AuthRequiredCard, CheckingScreen } from './AccessScreens';
import { AuditLogTab } from './AuditLogTab';
import { CustomRolesTab } from './CustomRolesTab';
import { EntitlementsTab } from './EntitlementsTab';
import { useAdminAccess } from './hooks';
import { ThemeSettingsTab } from './ThemeSettingsTab';
import { UsersTab } from './UsersTab';
import '../account/account.css';
import './admin.css';

/** Denser tables than the player screens (14 px cells) so the users table fits 1280 px. */
const CONSOLE_THEME: ThemeConfig = { components: { Table: { cellFontSize: 14, cellFontSizeSM: 14, cellPaddingInlineSM: 8 } } };

/**
 * The admin console (spec 001 section 2 "Admin panel"), one lazily loaded route chunk for /admin,
 * /admin/users, /admin/entitlements, /admin/roles, /admin/theme and /admin/audit: tabs Users, Entitlements,
 * Custom Roles, Theme Settings and Audit Log. /admin shows the Users tab. Who sees what comes from /api/me
 * (`isAdmin`, `isSuperAdmin`) for display only; the server enforces every call.
 */
export default function AdminPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(pathname);
  const gate = gateOf(pathname);
  const { decision, me, error } = useAdminAccess(gate);
  const screens = Grid.useBreakpoint();

  if (decision.kind === 'error' && error) return <ErrorScreen error={error} />;
  if (decision.kind === 'sign-in' && !decision.redirect) return <AuthRequiredCard />;
  if (decision.kind === 'denied' && !decision.redirect) return <AccessDeniedCard />;
  if (decision.kind !== 'allowed') return <CheckingScreen />;
  if (!tab) return <Navigate to={ADMIN_TAB_PATHS.users} replace />;
  if (pathname.replace(/\/+$/, '') === '/admin') return <Navigate to={ADMIN_TAB_PATHS.users} replace />;

  const { superAdmin, admin } = decision;
  // Phones: every tab shows its icon, only the open one its name (the others keep it for screen readers).
  const label = (key: AdminTab, icon: ReactNode, text: string, extra: { title?: string } = {}) => (
    <span className="nf-admin-tab-label" data-testid={`admin-tab-${key}`} aria-label={text} {...extra}>
      {icon}
      <span className={screens.md || key === tab ? undefined : 'nf-sr-only'}>{text}</span>
    </span>
  );
  const all = [
    { key: 'users', label: label('users', <TeamOutlined />, t('admin.tab.users')) },
    { key: 'entitlements', label: label('entitlements', <SafetyCertificateOutlined />, t('admin.tab.entitlements')) },
    {
      key: 'roles',
      disabled: !superAdmin,
      label: label('roles', superAdmin ? <IdcardOutlined /> : <LockOutlined />, t('admin.tab.roles'), superAdmin ? {} : { title: t('admin.super_admin_only') }),
    },
    { key: 'theme', label: label('theme', <BgColorsOutlined />, t('admin.tab.theme')) },
    { key: 'audit', label: label('audit', <AuditOutlined />, t('admin.tab.audit')) },
  ];
  // A host who is not an admin reaches only Theme Settings (spec 001 section 2 "Theme settings").
  const items = admin ? all : all.filter((i) => i.key === 'theme');

  return (
    <main className="nf-page nf-admin" data-testid="admin-page" data-tab={tab} data-super-admin={superAdmin ? 'true' : 'false'}>
      <header className="nf-admin-header">
        <Button type="text" icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="admin-home">
          {t('admin.home')}
        </Button>
        <div className="nf-admin-header-title">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {admin ? t('admin.console.title') : t('admin.tab.theme')}
          </Typography.Title>
          {me?.email ? <span className="nf-muted nf-small">{me.email}</span> : null}
        </div>
      </header>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(ADMIN_TAB_PATHS[key as AdminTab])}
        items={items}
        className="nf-admin-tabs"
        data-testid="admin-tabs"
      />
      <ConfigProvider theme={CONSOLE_THEME}>
        {tab === 'users' ? <UsersTab superAdmin={superAdmin} /> : null}
        {tab === 'entitlements' ? <EntitlementsTab /> : null}
        {tab === 'roles' ? <CustomRolesTab /> : null}
        {tab === 'theme' ? <ThemeSettingsTab admin={admin} /> : null}
        {tab === 'audit' ? <AuditLogTab /> : null}
      </ConfigProvider>
    </main>
  );
}
