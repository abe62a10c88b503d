import { t } from '../i18n/t';
import { formatClock } from '../lib/format';
import { readableOn } from '../lib/contrast';

/** Timer colour (spec 000 section 4): green above 50%, amber above 25%, red at or below 25%. */
export function timerColor(fraction: number): string {
  if (fraction > 0.5) return '#22c55e';
  if (fraction > 0.25) return '#f59e0b';
  return '#ef4444';
}

/** Countdown text plus a bar; `remainingMs` null shows nothing. */
export function CountdownBar({ remainingMs, totalMs, label }: { remainingMs: number | null; totalMs: number; label?: string }) {
  if (remainingMs === null) return null;
  const fraction = totalMs > 0 ? Math.min(1, remainingMs / totalMs) : 0;
  const color = timerColor(fraction);
  const text = label ?? t('countdown.label');
  return (
    <div className="nf-timer" data-testid="countdown" role="timer" aria-label={text}>
      <div className="nf-timer-head">
        <span className="nf-muted">{text}</span>
        <span className="nf-timer-clock" style={{ color: readableOn(color) }} data-testid="countdown-clock">
          {formatClock(remainingMs)}
        </span>
      </div>
      <div className="nf-timer-track">
        <div className="nf-timer-fill" style={{ width: `${fraction * 100}%`, background: color }} />
      </div>
    </div>
  );
}
