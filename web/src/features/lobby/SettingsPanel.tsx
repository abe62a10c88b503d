import { Card, Select } from 'antd';
import { LIMITS } from '@nightfall/protocol';
import { t } from '../../i18n/t';

/** The discussion times offered: '1 minute', '2 minutes'... */
function discussionOptions(): { value: number; label: string }[] {
  return Array.from({ length: LIMITS.discussionTimeMax / LIMITS.discussionTimeStep }, (_, i) => {
    const seconds = (i + 1) * LIMITS.discussionTimeStep;
    const minutes = seconds / 60;
    return { value: seconds, label: t(minutes === 1 ? 'lobby.settings.minute' : 'lobby.settings.minutes', { count: minutes }) };
  }).filter((o) => o.value >= LIMITS.discussionTimeMin);
}

/** Host-only game settings: discussion time 1-10 minutes in steps of 60 s. */
export function SettingsPanel({ discussionTime, connected, onChange }: { discussionTime: number; connected: boolean; onChange: (seconds: number) => void }) {
  return (
    <Card size="small" title={t('lobby.settings.title')}>
      <label className="nf-between" style={{ flexWrap: 'wrap' }}>
        <span>{t('lobby.settings.discussion_time')}</span>
        <Select<number>
          value={discussionTime}
          options={discussionOptions()}
          onChange={onChange}
          disabled={!connected}
          style={{ minWidth: 150 }}
          size="large"
          data-testid="discussion-time"
          aria-label={t('lobby.settings.discussion_time')}
        />
      </label>
    </Card>
  );
}
