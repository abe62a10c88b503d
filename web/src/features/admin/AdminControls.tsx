import { useState } from 'react';
import { App, Button } from 'antd';
// Only icons the home route already loads (this component is part of it).
import { CrownOutlined, LoginOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/admin';
import { accountApi, serverMessage } from '../../lib/api';
import { readShowAdminControls, saveShowAdminControls } from './adminControlsPref';

/**
 * Admin Controls of the profile modal (spec 001 section 2; shown to admins only): collapsible, its open
 * state kept in localStorage `showAdminControls`; 'Admin Panel' (-> /admin) and 'Debug Status' (GET
 * /api/debug/user-status, shown in a dialog and logged). Part of the home route: keep it small and import
 * nothing of the console.
 */
export function AdminControls({ onLeave }: { onLeave: () => void }) {
  const [open, setOpen] = useState(() => readShowAdminControls());
  const [checking, setChecking] = useState(false);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const toast = useToast();

  const toggle = () => {
    setOpen(!open);
    saveShowAdminControls(!open);
  };

  const debugStatus = async () => {
    setChecking(true);
    try {
      const status = await accountApi.userStatus();
      console.log('User status:', status);
      modal.info({
        title: t('admin.controls.debug_status'),
        width: 560,
        centered: true,
        content: (
          <pre className="nf-small" style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', margin: 0 }} data-testid="debug-status-json">
            {JSON.stringify(status, null, 2)}
          </pre>
        ),
      });
    } catch (err) {
      console.error('User status failed:', err);
      toast.error(t('admin.controls.debug_failed.title'), serverMessage(err, t('admin.controls.debug_failed')));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section
      aria-label={t('admin.controls.title')}
      data-testid="admin-controls"
      data-open={open ? 'true' : 'false'}
      style={{ borderRadius: 12, border: '1px solid rgba(167, 139, 250, 0.4)', background: 'rgba(139, 92, 246, 0.08)', padding: 4 }}
    >
      <Button
        type="text"
        block
        aria-expanded={open}
        onClick={toggle}
        icon={<CrownOutlined />}
        style={{ justifyContent: 'space-between', display: 'flex' }}
        data-testid="admin-controls-toggle"
      >
        <span style={{ flex: 1, textAlign: 'left' }}>{t('admin.controls.title')}</span>
        <span aria-hidden style={{ display: 'inline-block', transition: 'transform 0.2s', transform: open ? 'rotate(180deg)' : 'none' }}>
          ▾
        </span>
      </Button>
      {open ? (
        <div className="nf-actions" style={{ padding: '6px 8px 8px' }}>
          <Button
            size="large"
            block
            icon={<LoginOutlined />}
            onClick={() => {
              onLeave();
              navigate('/admin');
            }}
            data-testid="admin-panel-button"
          >
            {t('admin.controls.panel')}
          </Button>
          <Button size="large" block icon={<QuestionCircleOutlined />} loading={checking} onClick={() => void debugStatus()} data-testid="debug-status-button">
            {t('admin.controls.debug_status')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
