import type { ActionType } from '@nightfall/game-rules';

/**
 * Picker kinds (spec 000 section 2 "Night action pickers"), decided from `me.allowedActions` only, so a
 * Role Copier's second action gets the copied role's picker for free. One component per kind.
 */
export type PickerKind =
  /** Role Looker: one other player, or two of the three center cards (or the bad-guy pile when allowed). */
  | { kind: 'role_looker' }
  /** Lone Bad Guy, Single Role Looker: one center card (or the bad-guy pile when allowed). */
  | { kind: 'center_view' }
  /** Random Role Taker: one of the three center cards, the first by default. */
  | { kind: 'center_swap' }
  /** Bad Guy Converter: a non-bad-guy other player, or pass; sees the team. */
  | { kind: 'convert' }
  /** One player: Advanced Bad Guy (view), Role Thief, Stalker, Role Copier, Role Revealer, Role Locker, Protector. */
  | { kind: 'single'; type: SingleTargetType }
  /** Tapper: an adjacent seat (wrap-around). */
  | { kind: 'tap' }
  /** Role Swapper: exactly two other players. */
  | { kind: 'two_players' }
  /** Village Idiot (All Role Switcher): left or right, no pass. */
  | { kind: 'direction' }
  /** Paranormal Investigator: one or two other players, in order. */
  | { kind: 'investigate' }
  /** Role Giver: a center card and a player (self included). */
  | { kind: 'give_role' }
  /** Item Giver: a player (self included); the artifact is random. */
  | { kind: 'artifact' }
  /** Only the bad-guy pile can be looked at (e.g. no other player and no center choice). */
  | { kind: 'pile_only' }
  /** Nothing to choose (no_action / pass only): an info screen with Continue. */
  | { kind: 'none' };

/** Action types served by the one-player picker. */
export type SingleTargetType = 'view_player' | 'rob_player' | 'copy_role' | 'protect_player' | 'protect_from_death' | 'reveal_player' | 'target_player';

const SINGLE: readonly SingleTargetType[] = ['view_player', 'rob_player', 'copy_role', 'protect_player', 'protect_from_death', 'reveal_player', 'target_player'];

/** Which picker serves these allowed actions. */
export function pickerKind(allowed: readonly ActionType[]): PickerKind {
  const has = (t: ActionType) => allowed.includes(t);
  if (has('view_center')) return { kind: 'role_looker' };
  if (has('view_center_card')) return { kind: 'center_view' };
  if (has('swap_center')) return { kind: 'center_swap' };
  if (has('convert_player')) return { kind: 'convert' };
  if (has('swap_players')) return { kind: 'two_players' };
  if (has('shift_cards')) return { kind: 'direction' };
  if (has('investigate_players')) return { kind: 'investigate' };
  if (has('view_and_swap')) return { kind: 'give_role' };
  if (has('assign_artifact')) return { kind: 'artifact' };
  if (has('tap_player')) return { kind: 'tap' };
  if (has('view_player') && has('view_werewolf_pile')) return { kind: 'role_looker' };
  const single = SINGLE.find(has);
  if (single) return { kind: 'single', type: single };
  if (has('view_werewolf_pile')) return { kind: 'pile_only' };
  return { kind: 'none' };
}

/** The test id of a kind's picker (stable: the browser tests use them). */
export function pickerTestId(kind: PickerKind): string {
  switch (kind.kind) {
    case 'role_looker':
      return 'picker-role-looker';
    case 'center_view':
      return 'picker-view_center_card';
    case 'center_swap':
      return 'picker-swap_center';
    case 'convert':
      return 'picker-convert_player';
    case 'single':
      return `picker-${kind.type}`;
    case 'tap':
      return 'picker-tap_player';
    case 'two_players':
      return 'picker-swap_players';
    case 'direction':
      return 'picker-shift_cards';
    case 'investigate':
      return 'picker-investigate_players';
    case 'give_role':
      return 'picker-view_and_swap';
    case 'artifact':
      return 'picker-assign_artifact';
    case 'pile_only':
      return 'picker-view_werewolf_pile';
    default:
      return 'picker-none';
  }
}

/** "Pick up to `max`; a further pick drops the oldest" (center cards, Role Swapper, Investigator). */
export function togglePick<T>(picked: readonly T[], item: T, max: number): T[] {
  if (picked.includes(item)) return picked.filter((x) => x !== item);
  return [...picked, item].slice(-max);
}
