import { Button } from 'antd';
import { t, type MessageKey } from '../i18n/t';
import type { ConnectionState } from '../lib/realtime';

const TEXT: Record<ConnectionState, MessageKey> = {
  connecting: 'connection.connecting',
  connected: 'connection.connected',
  reconnecting: 'connection.reconnecting',
  closed: 'connection.closed',
};

const DOT: Record<ConnectionState, string> = {
  connecting: '#f59e0b',
  connected: '#22c55e',
  reconnecting: '#f59e0b',
  closed: '#ef4444',
};

/** Connection indicator: 'Connected', 'Reconnecting...' or 'Connection lost' (with a Retry button). */
export function ConnectionIndicator({ state, onRetry }: { state: ConnectionState; onRetry?: () => void }) {
  return (
    <span className="nf-conn" data-testid="connection-indicator" data-state={state} role="status" aria-live="polite">
      <span className="nf-dot" style={{ background: DOT[state] }} />
      <span>{t(TEXT[state])}</span>
      {state === 'closed' && onRetry ? (
        <Button size="small" type="link" onClick={onRetry} data-testid="connection-retry">
          {t('connection.retry')}
        </Button>
      ) : null}
    </span>
  );
}
