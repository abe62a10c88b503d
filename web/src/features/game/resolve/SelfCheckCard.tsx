import { Card } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import type { RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';

/** Self-Checker style check: original vs final card, changed or unchanged, and a converted note. */
export function SelfCheckCard({ original, final, converted }: { original: RoleId; final: RoleId; converted: boolean }) {
  const changed = original !== final;
  return (
    <Card size="small" title="Role Check" data-testid="self-check" data-changed={changed}>
      <div className="nf-stack-sm">
        <div className="nf-check-row">
          <div className="nf-check-cell">
            <RoleImage role={original} size={64} />
            <span className="nf-muted nf-small">Original role</span>
            <RoleTag role={original} />
          </div>
          <ArrowRightOutlined className="nf-muted" style={{ fontSize: 20 }} />
          <div className="nf-check-cell">
            <RoleImage role={final} size={64} />
            <span className="nf-muted nf-small">Final role</span>
            <RoleTag role={final} strong />
          </div>
        </div>
        <strong style={{ color: changed ? '#f59e0b' : '#22c55e', textAlign: 'center' }} data-testid="self-check-verdict">
          {changed ? 'Your role has changed during the night!' : 'Your role has not changed.'}
        </strong>
        {converted ? (
          <span className="nf-small" style={{ color: '#ef4444', textAlign: 'center' }} data-testid="self-check-converted">
            You were converted by the bad-guy pile.
          </span>
        ) : null}
      </div>
    </Card>
  );
}
