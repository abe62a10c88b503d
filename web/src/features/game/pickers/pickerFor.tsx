import type { ActionType } from '@nightfall/game-rules';
import { CenterCardPicker } from './CenterCardPicker';
import { DirectionPicker } from './DirectionPicker';
import { MultiPlayerPicker } from './MultiPlayerPicker';
import { PlayerPicker } from './PlayerPicker';
import { RoleLookerPicker } from './RoleLookerPicker';
import { TwoPlayerPicker } from './TwoPlayerPicker';
import type { PickerProps } from './types';

const SINGLE_TARGET: readonly ActionType[] = [
  'rob_player', 'view_player', 'convert_player', 'copy_role', 'protect_player',
  'protect_from_death', 'tap_player', 'reveal_player', 'target_player',
];

/** Picker kinds, decided from me.allowedActions. */
export type PickerKind =
  | { kind: 'role_looker' }
  | { kind: 'single'; type: ActionType }
  | { kind: 'two_players' }
  | { kind: 'center'; type: 'swap_center' | 'view_center_card' }
  | { kind: 'multi' }
  | { kind: 'direction' }
  | { kind: 'none' };

/** Which picker serves these allowed actions ('none' for no_action/pass only, or an unsupported action). */
export function pickerKind(allowed: readonly ActionType[]): PickerKind {
  if (allowed.includes('view_center') || (allowed.includes('view_player') && allowed.includes('view_werewolf_pile'))) return { kind: 'role_looker' };
  if (allowed.includes('swap_players')) return { kind: 'two_players' };
  if (allowed.includes('swap_center')) return { kind: 'center', type: 'swap_center' };
  if (allowed.includes('view_center_card')) return { kind: 'center', type: 'view_center_card' };
  if (allowed.includes('investigate_players')) return { kind: 'multi' };
  if (allowed.includes('shift_cards')) return { kind: 'direction' };
  const single = SINGLE_TARGET.find((t) => allowed.includes(t));
  if (single) return { kind: 'single', type: single };
  return { kind: 'none' };
}

/** Renders the picker of a kind (null for 'none'). Add new pickers here. */
export function NightPicker({ kind, ...props }: PickerProps & { kind: PickerKind }) {
  switch (kind.kind) {
    case 'role_looker':
      return <RoleLookerPicker {...props} />;
    case 'single':
      return <PlayerPicker {...props} type={kind.type} />;
    case 'two_players':
      return <TwoPlayerPicker {...props} />;
    case 'center':
      return <CenterCardPicker {...props} type={kind.type} />;
    case 'multi':
      return <MultiPlayerPicker {...props} />;
    case 'direction':
      return <DirectionPicker {...props} />;
    default:
      return null;
  }
}
