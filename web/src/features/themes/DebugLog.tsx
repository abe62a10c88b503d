import { Button, Typography } from 'antd';
import { THEME_TEST_IDS } from './testIds';
import { t } from '../../i18n/themes';

/** The upload card's debug log: the last 10 lines, with a Clear button (spec 001 section 2). */
export function DebugLog({ lines, onClear }: { lines: readonly string[]; onClear: () => void }) {
  return (
    <div className="nf-stack-sm">
      <div className="nf-between">
        <Typography.Text strong>{t('themes.debug_log.title')}</Typography.Text>
        <Button size="small" onClick={onClear} disabled={lines.length === 0} data-testid={THEME_TEST_IDS.debugLogClear}>
          {t('themes.debug_log.clear')}
        </Button>
      </div>
      <pre className="nf-theme-log" data-testid={THEME_TEST_IDS.debugLog} aria-live="polite">
        {lines.length === 0 ? (
          <span className="nf-theme-log-empty">{t('themes.debug_log.empty')}</span>
        ) : (
          lines.map((line, i) => (
            <div key={`${i}-${line}`} data-testid={THEME_TEST_IDS.debugLogLine}>
              {line}
            </div>
          ))
        )}
      </pre>
    </div>
  );
}
