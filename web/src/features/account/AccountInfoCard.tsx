import { Button, Card } from 'antd';
import { CloseOutlined, IdcardOutlined } from '@ant-design/icons';
import type { MeResponse } from '@nightfall/protocol';
import { t } from '../../i18n/t';
import { hostStatusText } from './hostAccess';
import { formatDateTime, formatLongDate } from './hostDates';
import { useNow } from './useNow';

/**
 * Account Information card (spec 001 section 2): e-mail, Member Since ('MMMM d, yyyy'), Last Login
 * ('MMM d, yyyy h:mm a', only when present) and Host Status, with a close button. Renders nothing when the
 * user is not authenticated (signed out or a guest session).
 */
export function AccountInfoCard({ me, onClose }: { me: MeResponse | null; onClose: () => void }) {
  const now = useNow(60_000, !!me && !me.isGuest);
  if (!me || me.isGuest) return null;
  const memberSince = formatLongDate(me.createdAt);
  const lastLogin = formatDateTime(me.lastLoginAt);

  return (
    <Card
      size="small"
      data-testid="account-info"
      title={
        <span>
          <IdcardOutlined aria-hidden /> {t('account.info.title')}
        </span>
      }
      extra={<Button type="text" size="small" aria-label={t('account.info.close')} icon={<CloseOutlined />} onClick={onClose} data-testid="account-info-close" />}
    >
      <dl className="nf-kv">
        <dt>{t('account.info.email')}</dt>
        <dd data-testid="account-info-email">{me.email ?? '-'}</dd>
        <dt>{t('account.info.member_since')}</dt>
        <dd data-testid="account-info-member-since">{memberSince ?? '-'}</dd>
        {lastLogin ? (
          <>
            <dt>{t('account.info.last_login')}</dt>
            <dd data-testid="account-info-last-login">{lastLogin}</dd>
          </>
        ) : null}
        <dt>{t('account.info.host_status')}</dt>
        <dd data-testid="account-info-host-status">{hostStatusText(me.hostStatus, me.hostEntitlement, now)}</dd>
      </dl>
    </Card>
  );
}
