import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title and optional subtitle of a phase view. */
export function PhaseTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="nf-center" style={{ flexDirection: 'column', gap: 2 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
    </div>
  );
}
