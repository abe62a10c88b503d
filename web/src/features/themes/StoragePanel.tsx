import { App, Button, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { megabytes } from '@nightfall/themes';
import { useToast } from '../../hooks/useToast';
import { clearStorage } from './store/packStore';
import { THEME_TEST_IDS } from './testIds';
import { THEME_TEXT } from './texts';
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
      title: THEME_TEXT.clearStorage,
      content: THEME_TEXT.clearStorageConfirm,
      okText: THEME_TEXT.clearStorage,
      okButtonProps: { danger: true, ...({ 'data-testid': 'theme-storage-clear-confirm' } as object) },
      centered: true,
      onOk: () =>
        clearStorage().then(
          () => {
            toast.success(THEME_TEXT.storageCleared, 'Every theme pack was removed from this browser.');
            window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
          },
          () => toast.error(THEME_TEXT.errorTitle, THEME_TEXT.clearFailed),
        ),
    });
  };

  return (
    <div className="nf-stack-sm" data-testid={THEME_TEST_IDS.storagePanel}>
      <div className="nf-between">
        <Typography.Text strong>{THEME_TEXT.storageTitle}</Typography.Text>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={confirmClear} data-testid={THEME_TEST_IDS.storageClear}>
          {THEME_TEXT.clearStorage}
        </Button>
      </div>
      <div className="nf-theme-stats">
        <Stat label="Themes" value={data ? String(data.count) : '-'} testId={THEME_TEST_IDS.storageCount} />
        <Stat label="Used" value={data ? `${megabytes(data.usedBytes)} MB` : '-'} testId={THEME_TEST_IDS.storageUsed} />
        <Stat label="Remaining" value={data ? `${megabytes(data.remainingBytes)} MB` : '-'} testId={THEME_TEST_IDS.storageRemaining} />
        <Stat label="Quota used" value={data ? `${data.percent.toFixed(2)}%` : '-'} testId={THEME_TEST_IDS.storagePercent} />
      </div>
    </div>
  );
}
