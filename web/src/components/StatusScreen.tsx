import { Button, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ErrorBody } from '@nightfall/protocol';
import { t } from '../i18n/t';

/** Full-page message ('Loading...', 'Game not found'...), optionally with a spinner and a way home. */
export function StatusScreen({ text, loading = false, homeLink = false, children }: { text: string; loading?: boolean; homeLink?: boolean; children?: ReactNode }) {
  return (
    <div className="nf-status" data-testid="status-screen">
      {loading ? <Spin size="large" /> : null}
      <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
        {text}
      </Typography.Title>
      {children}
      {homeLink ? (
        <Link to="/">
          <Button type="primary" size="large">
            {t('common.return_home')}
          </Button>
        </Link>
      ) : null}
    </div>
  );
}

/** Full-page error from the server's {@link ErrorBody} (e.g. SERVICE_UNAVAILABLE): its title, its message and a way home. */
export function ErrorScreen({ error }: { error: ErrorBody }) {
  return (
    <StatusScreen text={error.title} homeLink>
      <span className="nf-muted" data-testid="error-screen-message" data-code={error.code}>
        {error.message}
      </span>
    </StatusScreen>
  );
}

/** The screen of a player the host removed from the room (docs/rules.md "Kick and leave"), with a way home. */
export function RemovedScreen({ reason }: { reason: 'kicked' | 'left' }) {
  return (
    <StatusScreen text={t(reason === 'kicked' ? 'removed.kicked.title' : 'removed.left.title')} homeLink>
      <span className="nf-muted" data-testid="removed-message" data-reason={reason}>
        {t(reason === 'kicked' ? 'removed.kicked.message' : 'removed.left.message')}
      </span>
    </StatusScreen>
  );
}
