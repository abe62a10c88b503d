import { useState } from 'react';
import { Button, Dropdown, Modal, Switch, Typography } from 'antd';
import { GlobalOutlined, HomeOutlined, MenuOutlined, MobileOutlined, SettingOutlined, SoundOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Phase } from '@nightfall/game-rules';
import { ConnectionIndicator } from '../../components/ConnectionIndicator';
import { useRuleText } from '../../components/RolesContext';
import { useMe } from '../../hooks/useMe';
import { tx } from '../../i18n/react';
import { t } from '../../i18n/t';
import { LOCALES } from '../../i18n/locale';
import { useLocaleChoice } from '../../i18n/LocaleProvider';
import { userLabel } from '../../lib/format';
import type { ConnectionState } from '../../lib/realtime';
import { canVibrate } from '../../lib/vibration';

/**
 * In-game header (spec 000 section 2 "In-game": "the room code, the phase name and the theme name, plus a
 * menu"): the phase's name (the theme's night phase for job_choice), the room code, the active theme's
 * name, the connection indicator and the menu. On a device that vibrates, the menu also switches the vibration on
 * phase changes (`vibrate`, `onVibrateChange`); on the host's device (`narrate` given) it switches the narrator's
 * voice ('Narrate the night'; docs/architecture.md "Table experience").
 */
export function GameHeader({
  roomCode,
  phase,
  connection,
  onRetry,
  vibrate,
  onVibrateChange,
  narrate,
  onNarrateChange,
}: {
  roomCode: string;
  phase: Phase;
  connection: ConnectionState;
  onRetry: () => void;
  vibrate: boolean;
  onVibrateChange: (on: boolean) => void;
  /** The host's 'Narrate the night' setting; undefined hides the switch (not the host). */
  narrate?: boolean;
  onNarrateChange?: (on: boolean) => void;
}) {
  const navigate = useNavigate();
  const { me, signedIn } = useMe();
  const text = useRuleText();
  const [accountOpen, setAccountOpen] = useState(false);
  const { locale, setLocale } = useLocaleChoice();
  // Two languages: the menu offers the other one (docs/architecture.md "Locales").
  const otherLocale = LOCALES.find((l) => l !== locale) ?? 'en';

  const items = [
    { key: 'home', icon: <HomeOutlined />, label: <span data-testid="menu-return-home">{t('header.menu.home')}</span> },
    ...(signedIn ? [{ key: 'account', icon: <SettingOutlined />, label: <span data-testid="menu-account-settings">{t('header.menu.account')}</span> }] : []),
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: (
        <span data-testid="menu-language" lang={otherLocale}>
          {t(`locale.${otherLocale}`)}
        </span>
      ),
    },
    ...(canVibrate(navigator)
      ? [
          {
            key: 'vibrate',
            icon: <MobileOutlined />,
            label: (
              <span className="nf-between" style={{ gap: 12 }} data-testid="menu-vibrate" data-on={vibrate}>
                {t('settings.vibrate')}
                <Switch size="small" checked={vibrate} aria-label={t('settings.vibrate')} />
              </span>
            ),
          },
        ]
      : []),
    ...(narrate !== undefined
      ? [
          {
            key: 'narrate',
            icon: <SoundOutlined />,
            label: (
              <span className="nf-between" style={{ gap: 12 }} data-testid="menu-narrate" data-on={narrate}>
                {t('narration.setting')}
                <Switch size="small" checked={narrate} aria-label={t('narration.setting')} />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <header className="nf-stack-sm" data-testid="game-header">
      <div className="nf-header">
        <div className="nf-header-title">
          <h1 className="nf-phase-name" data-testid="phase-name">
            {text.phase(phase)}
          </h1>
          {/* phase changes read out by screen readers (docs/architecture.md "Accessibility") */}
          <div className="nf-sr-only" aria-live="polite" data-testid="phase-announcer">
            {text.phase(phase)}
          </div>
          <span className="nf-muted nf-small">
            {tx('header.room', {
              code: (
                <span className="nf-code" data-testid="room-code">
                  {roomCode}
                </span>
              ),
              theme: <span data-testid="theme-name">{text.theme.name}</span>,
            })}
          </span>
        </div>
        <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
          <ConnectionIndicator state={connection} onRetry={onRetry} />
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items,
              onClick: ({ key }) => {
                if (key === 'home') navigate('/');
                else if (key === 'vibrate') onVibrateChange(!vibrate);
                else if (key === 'language') void setLocale(otherLocale);
                else if (key === 'narrate') onNarrateChange?.(!narrate);
                else setAccountOpen(true);
              },
            }}
          >
            <Button icon={<MenuOutlined />} aria-label={t('header.menu')} data-testid="game-menu" />
          </Dropdown>
        </div>
      </div>
      <Modal open={accountOpen} onCancel={() => setAccountOpen(false)} footer={null} title={t('account.title')} centered>
        {me ? (
          <div className="nf-stack-sm" data-testid="account-settings">
            <div>
              <Typography.Text type="secondary">{t('account.display_name')}</Typography.Text>
              <Typography.Text strong>{userLabel(me)}</Typography.Text>
            </div>
            {me.email ? (
              <div>
                <Typography.Text type="secondary">{t('account.email')}</Typography.Text>
                <Typography.Text>{me.email}</Typography.Text>
              </div>
            ) : null}
            <div>
              <Typography.Text type="secondary">{t('account.host_status')}</Typography.Text>
              <Typography.Text>{me.hasHostRights ? t('account.host_active') : t('account.host_none')}</Typography.Text>
            </div>
          </div>
        ) : null}
      </Modal>
    </header>
  );
}
