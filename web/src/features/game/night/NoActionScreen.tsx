import { Button, Card } from 'antd';
import { isCustomRoleId, type ActionType, type RoleId } from '@nightfall/game-rules';
import { useRoleDisplay } from '../../../components/RolesContext';

/**
 * Text of the Continue screen of a role with nothing to choose tonight. A custom role has no night
 * mechanic (docs/rules.md "Custom roles"): with a night order above 0 (`customOrder`) it is told its
 * position and that there is nothing to choose.
 */
export function noActionText(role: RoleId | null, allowed: readonly ActionType[], customOrder = 0): string {
  const tail = 'Continue and wait for the others.';
  if (isCustomRoleId(role) && customOrder > 0) return `Your role acts in position #${customOrder} of the night, with nothing to choose here. ${tail}`;
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

/**
 * Info screen of roles without a choice (Continue submits no_action, or pass when only pass is allowed), a
 * custom role's included (the night view's header shows its picture and abilities).
 */
export function NoActionScreen({ role, allowed, connected, onContinue }: { role: RoleId | null; allowed: readonly ActionType[]; connected: boolean; onContinue: () => void }) {
  const d = useRoleDisplay(role);
  return (
    <Card data-testid="night-no-action" data-custom={d.custom || undefined}>
      <div className="nf-stack">
        <p style={{ margin: 0 }} data-testid="night-no-action-text">{noActionText(role, allowed, d.custom ? d.order : 0)}</p>
        <Button type="primary" size="large" block disabled={!connected} onClick={onContinue} data-testid="night-continue">
          Continue
        </Button>
      </div>
    </Card>
  );
}
