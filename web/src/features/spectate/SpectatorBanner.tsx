import { Button, Card, Typography } from 'antd';
import { EyeOutlined, LogoutOutlined } from '@ant-design/icons';
import { t } from '../../i18n/t';

/** How many people watch, as every lobby shows it: '1 spectator', '3 spectators'; nothing for none. */
export function SpectatorCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="nf-muted nf-small" data-testid="spectator-count">
      <EyeOutlined aria-hidden /> {count === 1 ? t('spectate.count.one') : t('spectate.count.many', { count })}
    </span>
  );
}

/** The spectator's own banner (docs/rules.md "Spectators"): what they see, and Stop Watching. */
export function SpectatorBanner({ connected, onStop }: { connected: boolean; onStop: () => void }) {
  return (
    <Card size="small" data-testid="spectator-banner">
      <div className="nf-stack-sm">
        <Typography.Text strong>
          <EyeOutlined aria-hidden /> {t('spectate.banner.title')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('spectate.banner.text')}</Typography.Text>
        <Button icon={<LogoutOutlined />} disabled={!connected} onClick={onStop} data-testid="stop-watching">
          {t('spectate.stop')}
        </Button>
      </div>
    </Card>
  );
}
