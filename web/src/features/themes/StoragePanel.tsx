import { App, Button, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { megabytes } from '@nightfall/themes';
import { useToast } from '../../hooks/useToast';
import { clearStorage } from './store/packStore';
import { THEME_TEST_IDS } from './testIds';
import { t } from '../../i18n/themes';
import { useStorageStats } from './useThemePacks';

/** Delay between the 'Storage Cleared' toast and the reload, ms. */
const RELOAD_DELAY_MS = 800;

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="nf-theme-stat">
      <div className="nf-theme-stat-label">{label}</div>
      <div className="nf-theme-stat-value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/**
 * The storage usage panel (spec 001 section 2 "Theme Upload"): theme count, used MB, remaining MB and the
 * percent of the quota, refreshed every 2 s; 'Clear Storage' asks first, then clears and reloads the page
 * (toasts 'Storage Cleared', or 'Error' / 'Failed to clear storage').
 */
export function StoragePanel() {
  const { data } = useStorageStats();
  const { modal } = App.useApp();
  const toast = useToast();

  const confirmClear = () => {
    modal.confirm({
      title: t('themes.storage.clear'),
      content: t('themes.storage.clear.confirm'),
      okText: t('themes.storage.clear'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'theme-storage-clear-confirm' } as object) },
      centered: true,
      onOk: () =>
        clearStorage().then(
          () => {
            toast.success(t('themes.storage.cleared.title'), t('themes.storage.cleared'));
            window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
          },
          () => toast.error(t('themes.storage.clear_failed.title'), t('themes.storage.clear_failed')),
        ),
    });
  };

  return (
    <div className="nf-stack-sm" data-testid={THEME_TEST_IDS.storagePanel}>
      <div className="nf-between">
        <Typography.Text strong>{t('themes.storage.title')}</Typography.Text>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={confirmClear} data-testid={THEME_TEST_IDS.storageClear}>
          {t('themes.storage.clear')}
        </Button>
      </div>
      <div className="nf-theme-stats">
        <Stat label={t('themes.storage.count')} value={data ? String(data.count) : '-'} testId={THEME_TEST_IDS.storageCount} />
        <Stat label={t('themes.storage.used')} value={data ? t('themes.storage.mb', { mb: megabytes(data.usedBytes) }) : '-'} testId={THEME_TEST_IDS.storageUsed} />
        <Stat label={t('themes.storage.remaining')} value={data ? t('themes.storage.mb', { mb: megabytes(data.remainingBytes) }) : '-'} testId={THEME_TEST_IDS.storageRemaining} />
        <Stat label={t('themes.storage.percent')} value={data ? t('themes.storage.percent_value', { percent: data.percent.toFixed(2) }) : '-'} testId={THEME_TEST_IDS.storagePercent} />
      </div>
    </div>
  );
}
