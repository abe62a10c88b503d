import { Button, Typography } from 'antd';
import { THEME_TEST_IDS } from './testIds';
import { THEME_TEXT } from './texts';

/** The upload card's debug log: the last 10 lines, with a Clear button (spec 001 section 2). */
export function DebugLog({ lines, onClear }: { lines: readonly string[]; onClear: () => void }) {
  return (
    <div className="nf-stack-sm">
      <div className="nf-between">
        <Typography.Text strong>{THEME_TEXT.debugLog}</Typography.Text>
        <Button size="small" onClick={onClear} disabled={lines.length === 0} data-testid={THEME_TEST_IDS.debugLogClear}>
          {THEME_TEXT.clear}
        </Button>
      </div>
      <pre className="nf-theme-log" data-testid={THEME_TEST_IDS.debugLog} aria-live="polite">
        {lines.length === 0 ? (
          <span className="nf-theme-log-empty">No messages yet.</span>
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
