import { Button, Card } from 'antd';
import { isCustomRoleId, type ActionType, type RoleId } from '@nightfall/game-rules';
import { useRoleDisplay, useRuleText } from '../../../components/RolesContext';
import { t, type MessageKey } from '../../../i18n/t';

/**
 * Text of the Continue screen of a role with nothing to choose tonight. A custom role has no night
 * mechanic (docs/rules.md "Custom roles"): with a night order above 0 (`customOrder`) it is told its
 * position and that there is nothing to choose. `wolfTeam` names the bad team's members ('Hidden Enemies').
 */
export function noActionText(role: RoleId | null, allowed: readonly ActionType[], wolfTeam: string, customOrder = 0): string {
  const tail = t('nightview.none.continue');
  const say = (key: MessageKey, params?: Record<string, string | number>) => `${t(key, params)} ${tail}`;
  if (isCustomRoleId(role) && customOrder > 0) return say('nightview.none.custom', { order: customOrder });
  switch (role) {
    case 'Self-Checker':
      return say('nightview.none.self_checker');
    case 'Tapper':
      return say('nightview.none.tapper');
    case 'Isolated Bad Guy':
      return say('nightview.none.isolated', { wolfTeam });
    case 'Bad Guy Converter':
    case 'Role Thief':
    case 'Role Swapper':
    case 'Role Copier':
    case 'Protector':
    case 'Stalker':
    case 'Paranormal Investigator':
    case 'Role Revealer':
      return say(allowed.includes('pass') ? 'nightview.none.no_target' : 'nightview.none.default');
    default:
      return say('nightview.none.default');
  }
}

/**
 * Info screen of roles without a choice (Continue submits no_action, or pass when only pass is allowed), a
 * custom role's included (the night view's header shows its picture and abilities).
 */
export function NoActionScreen({ role, allowed, connected, onContinue }: { role: RoleId | null; allowed: readonly ActionType[]; connected: boolean; onContinue: () => void }) {
  const d = useRoleDisplay(role);
  const text = useRuleText();
  return (
    <Card data-testid="night-no-action" data-custom={d.custom || undefined}>
      <div className="nf-stack">
        <p style={{ margin: 0 }} data-testid="night-no-action-text">
          {noActionText(role, allowed, text.wolfTeam(), d.custom ? d.order : 0)}
        </p>
        <Button type="primary" size="large" block disabled={!connected} onClick={onContinue} data-testid="night-continue">
          {t('common.continue')}
        </Button>
      </div>
    </Card>
  );
}
