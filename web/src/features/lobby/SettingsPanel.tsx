import { Card, Select } from 'antd';
import { LIMITS } from '@nightfall/protocol';

const OPTIONS = Array.from({ length: LIMITS.discussionTimeMax / LIMITS.discussionTimeStep }, (_, i) => {
  const seconds = (i + 1) * LIMITS.discussionTimeStep;
  const minutes = seconds / 60;
  return { value: seconds, label: `${minutes} minute${minutes === 1 ? '' : 's'}` };
}).filter((o) => o.value >= LIMITS.discussionTimeMin);

/** Host-only game settings: discussion time 1-10 minutes in steps of 60 s. */
export function SettingsPanel({ discussionTime, connected, onChange }: { discussionTime: number; connected: boolean; onChange: (seconds: number) => void }) {
  return (
    <Card size="small" title="Game Settings">
      <label className="nf-between" style={{ flexWrap: 'wrap' }}>
        <span>Discussion time</span>
        <Select<number>
          value={discussionTime}
          options={OPTIONS}
          onChange={onChange}
          disabled={!connected}
          style={{ minWidth: 150 }}
          size="large"
          data-testid="discussion-time"
          aria-label="Discussion time"
        />
      </label>
    </Card>
  );
}
