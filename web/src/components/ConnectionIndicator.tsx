import { Button } from 'antd';
import { CONNECTION_TEXT, type ConnectionState } from '../lib/realtime';

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
      <span>{CONNECTION_TEXT[state]}</span>
      {state === 'closed' && onRetry ? (
        <Button size="small" type="link" onClick={onRetry} data-testid="connection-retry">
          Retry
        </Button>
      ) : null}
    </span>
  );
}
