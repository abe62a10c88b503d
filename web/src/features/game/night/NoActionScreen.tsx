import { Button, Card } from 'antd';
import type { RoleName } from '@nightfall/game-rules';

/** Info screen of roles without a choice (Continue submits no_action). */
export function NoActionScreen({ role, connected, onContinue }: { role: RoleName | null; connected: boolean; onContinue: () => void }) {
  const text =
    role === 'Self-Checker'
      ? 'You will look at your own card at the end of the night. Continue and wait for the others.'
      : 'You have no night action. Continue and wait for the others.';
  return (
    <Card data-testid="night-no-action">
      <div className="nf-stack">
        <p style={{ margin: 0 }}>{text}</p>
        <Button type="primary" size="large" block disabled={!connected} onClick={onContinue} data-testid="night-continue">
          Continue
        </Button>
      </div>
    </Card>
  );
}
