import { Button, Tag } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import type { EntitlementDto, MeResponse } from '@nightfall/protocol';
import { t, type MessageKey } from '../../i18n/t';
import { useCheckout } from '../purchase/useCheckout';
import { HOST_OFFERS } from '../purchase/offers';
import { sourceLabel, tierLabel } from './hostAccess';
import { expiryLine } from './hostDates';

type EntitlementStatus = EntitlementDto['status'];
const STATUS_COLOR: Record<EntitlementStatus, string> = { active: 'success', revoked: 'error', expired: 'warning' };
const STATUS_LABEL: Record<EntitlementStatus, MessageKey> = { active: 'account.host_access.active', revoked: 'account.host_access.revoked', expired: 'account.host_access.expired' };

/**
 * Host Access block of the profile modal (spec 001 section 2): status badge (active, revoked, expired),
 * tier, 'Expires on' / 'Expired on' date and source; 'None' and an unlock button without host rights. The
 * entitlement and its status are the server's.
 */
export function HostAccessBlock({ me, now }: { me: MeResponse; now: number }) {
  const entitlement = me.displayedHostEntitlement;
  const status = entitlement?.status ?? null;
  const { start, busy } = useCheckout();
  const line = entitlement ? expiryLine(entitlement, now) : null;

  return (
    <section className="nf-host-access" aria-label={t('account.host_access.title')} data-testid="host-access">
      <div className="nf-host-access-title">
        <span>
          <CrownOutlined aria-hidden /> {t('account.host_access.title')}
        </span>
        {status ? (
          <Tag color={STATUS_COLOR[status]} data-status={status} data-testid="host-access-status">
            {t(STATUS_LABEL[status])}
          </Tag>
        ) : (
          <span className="nf-muted" data-testid="host-access-status">
            {t('account.none')}
          </span>
        )}
      </div>
      {entitlement ? (
        <dl className="nf-kv nf-small">
          <dt>{t('account.host_access.type')}</dt>
          <dd data-testid="host-access-tier">{tierLabel(entitlement.tier)}</dd>
          {line ? (
            <>
              <dt>{line.label}</dt>
              <dd data-testid="host-access-expiry">{line.date}</dd>
            </>
          ) : null}
          <dt>{t('account.host_access.source')}</dt>
          <dd data-testid="host-access-source">{sourceLabel(entitlement.source)}</dd>
        </dl>
      ) : null}
      {!me.hasHostRights && status !== 'active' ? (
        <Button
          type="primary"
          block
          icon={<CrownOutlined />}
          loading={busy === 'host'}
          disabled={busy !== null}
          onClick={() => void start('host')}
          data-testid="host-access-unlock"
        >
          {HOST_OFFERS.permanent.label}
        </Button>
      ) : null}
    </section>
  );
}
