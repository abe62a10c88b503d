import { useEffect, useState } from 'react';
import { Button, Card, Progress, Result, Spin, Typography } from 'antd';
import { CheckCircleFilled, HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { refetchMe } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { accountApi, serverMessage } from '../../lib/api';
import { t } from '../../i18n/t';
import { attemptText, PURCHASE_POLL } from './offers';
import { usePurchasePolling } from './usePurchasePolling';
import { useActiveTheme } from '../../theme/activeTheme';
import '../account/account.css';

/**
 * /purchase/success (spec 001 sections 2 and 4): polls GET /api/me every 3 s (at most 60 s, 'attempt
 * n/20') until the server says the user has host rights (an active, unexpired host entitlement), then goes home 2 s later. When slow: 'The
 * process is taking longer than expected. Please click refresh or check back later.' with Refresh.
 */
export default function PurchaseSuccessPage() {
  const { theme } = useActiveTheme();
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [granting, setGranting] = useState(false);
  const [fallbackAllowed, setFallbackAllowed] = useState(false);
  const { state, attempt, restart } = usePurchasePolling(async () => (await refetchMe(client))?.hasHostRights === true);

  useEffect(() => {
    if (state !== 'active') return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), PURCHASE_POLL.redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  // The manual fallback is offered only where the server allows the debug calls (development or admins).
  useEffect(() => {
    if (state !== 'slow' || fallbackAllowed) return;
    let cancelled = false;
    accountApi.userStatus().then(
      () => !cancelled && setFallbackAllowed(true),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [state, fallbackAllowed]);

  /** The manual fallback call of the payment page (POST /api/debug/grant-host-manual), then a new check. */
  const grantManually = async () => {
    setGranting(true);
    try {
      await accountApi.grantHostManual();
      restart();
    } catch (err) {
      toast.error(t('purchase.success.grant_failed.title'), serverMessage(err, t('purchase.try_later')));
    } finally {
      setGranting(false);
    }
  };

  return (
    <main className="nf-page" data-testid="purchase-success-page" data-state={state}>
      <h1 className="nf-hero-title nf-page-title">{theme.text.homeTitle}</h1>
      <div className="nf-form-page">
        <Card>
          {state === 'active' ? (
            <Result
              icon={<CheckCircleFilled style={{ color: '#22c55e' }} />}
              title={t('purchase.success.activated.title')}
              subTitle={t('purchase.success.activated')}
              data-testid="purchase-activated"
            />
          ) : state === 'checking' ? (
            <div className="nf-status" style={{ minHeight: 0 }} data-testid="purchase-checking">
              <Spin size="large" />
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('purchase.success.checking.title')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('purchase.success.checking')}</Typography.Text>
              <Progress percent={Math.round((attempt / PURCHASE_POLL.maxAttempts) * 100)} showInfo={false} size="small" strokeColor="#7c6cf0" style={{ width: '100%' }} />
              <Typography.Text type="secondary" className="nf-small" data-testid="purchase-attempt">
                {t('purchase.success.checking_status', { attempt: attemptText(attempt) })}
              </Typography.Text>
            </div>
          ) : (
            <Result
              status="warning"
              title={t('purchase.success.slow.title')}
              subTitle={<span data-testid="purchase-slow">{t('purchase.success.slow')}</span>}
              extra={
                <div className="nf-actions">
                  <Button type="primary" size="large" block icon={<ReloadOutlined />} onClick={restart} data-testid="purchase-refresh">
                    {t('purchase.success.refresh')}
                  </Button>
                  <Button size="large" block icon={<HomeOutlined />} onClick={() => navigate('/')} data-testid="purchase-home">
                    {t('purchase.return_home')}
                  </Button>
                  {fallbackAllowed ? (
                    <Button type="link" loading={granting} onClick={() => void grantManually()} data-testid="purchase-grant-manual">
                      {t('purchase.success.grant_manual')}
                    </Button>
                  ) : null}
                </div>
              }
            />
          )}
        </Card>
      </div>
    </main>
  );
}
