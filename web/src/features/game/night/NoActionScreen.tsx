import { Button, Card } from 'antd';
import type { ActionType, RoleName } from '@nightfall/game-rules';

/** Text of the Continue screen of a role with nothing to choose tonight. */
export function noActionText(role: RoleName | null, allowed: readonly ActionType[]): string {
  const tail = 'Continue and wait for the others.';
  switch (role) {
    case 'Self-Checker':
      return `You will look at your own card at the end of the night. ${tail}`;
    case 'Tapper':
      return `No player is seated next to you: there is nobody to tap. ${tail}`;
    case 'Isolated Bad Guy':
      return `You do not wake up with the other Hidden Enemies, but they know who you are. ${tail}`;
    case 'Bad Guy Converter':
    case 'Role Thief':
    case 'Role Swapper':
    case 'Role Copier':
    case 'Protector':
    case 'Stalker':
    case 'Paranormal Investigator':
    case 'Role Revealer':
      if (allowed.includes('pass')) return `There is no player you can choose tonight. ${tail}`;
      return `You have no night action. ${tail}`;
    default:
      return `You have no night action. ${tail}`;
  }
}

/** Info screen of roles without a choice (Continue submits no_action, or pass when only pass is allowed). */
export function NoActionScreen({ role, allowed, connected, onContinue }: { role: RoleName | null; allowed: readonly ActionType[]; connected: boolean; onContinue: () => void }) {
  return (
    <Card data-testid="night-no-action">
      <div className="nf-stack">
        <p style={{ margin: 0 }}>{noActionText(role, allowed)}</p>
        <Button type="primary" size="large" block disabled={!connected} onClick={onContinue} data-testid="night-continue">
          Continue
        </Button>
      </div>
    </Card>
  );
}
