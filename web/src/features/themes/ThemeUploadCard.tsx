import { useRef } from 'react';
import { Alert, Button, Card, Divider, Progress, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { DebugLog } from './DebugLog';
import { FormatsHelp } from './FormatsHelp';
import { StoragePanel } from './StoragePanel';
import { THEME_TEST_IDS } from './testIds';
import { t } from '../../i18n/themes';
import type { InstalledPack } from './upload/uploadPack';
import { useThemeUpload } from './useThemeUpload';
import './themes.css';

/** Props of {@link ThemeUploadCard}. */
export interface ThemeUploadCardProps {
  /** Called after a pack was installed (and, for a signed-in user, sent to the account). */
  onInstalled?: (pack: InstalledPack) => void;
}

/**
 * The upload card (spec 001 section 2 "Theme Upload"): a ZIP picker, the compression progress (current /
 * total), the storage panel, a success or failure banner, the supported formats and requirements, and the
 * debug log. Used on /themes and in the admin Theme Settings tab.
 */
export function ThemeUploadCard({ onInstalled }: ThemeUploadCardProps) {
  const input = useRef<HTMLInputElement>(null);
  const { state, progress, banner, log, clearLog, upload } = useThemeUpload(onInstalled);
  const processing = state === 'processing';

  const onPicked = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      await upload(file);
    } finally {
      // the same file may be picked again
      if (input.current) input.current.value = '';
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.current / progress.total) * 100) : 0;

  return (
    <Card title={t('themes.upload.title')} data-testid={THEME_TEST_IDS.uploadCard} data-state={state}>
      <div className="nf-stack">
        <input
          ref={input}
          className="nf-theme-file-input"
          type="file"
          accept=".zip,application/zip,application/x-zip-compressed"
          onChange={(e) => void onPicked(e)}
          disabled={processing}
          data-testid={THEME_TEST_IDS.fileInput}
        />
        <Button
          type="primary"
          size="large"
          block
          icon={<UploadOutlined />}
          loading={processing}
          onClick={() => input.current?.click()}
          data-testid={THEME_TEST_IDS.chooseFile}
        >
          {processing ? t('themes.upload.processing') : t('themes.upload.choose_file')}
        </Button>
        {progress && (
          <div data-testid={THEME_TEST_IDS.progress} data-current={progress.current} data-total={progress.total}>
            <Typography.Text type="secondary">
              {t('themes.upload.compressing', { current: progress.current, total: progress.total })}
            </Typography.Text>
            <Progress percent={percent} status={processing ? 'active' : 'normal'} />
          </div>
        )}
        {banner && (
          <Alert
            type={banner.kind === 'success' ? 'success' : 'error'}
            showIcon
            title={banner.title}
            description={banner.message}
            data-testid={THEME_TEST_IDS.banner}
            data-state={banner.kind}
          />
        )}
        <Divider style={{ margin: '4px 0' }} />
        <StoragePanel />
        <Divider style={{ margin: '4px 0' }} />
        <FormatsHelp />
        <DebugLog lines={log} onClear={clearLog} />
      </div>
    </Card>
  );
}
