/**
 * Generic night-action payload rules (docs/rules.md "Submitting actions"; spec 000 section 5 "Action validity"): which
 * fields each action type needs, which targets are legal (players of this game, self only where
 * allowed, center indexes 0-2). Role-specific rules (who may submit what, e.g. "Bad Guy may peek only
 * when alone") live in the role modules of `src/roles/`.
 */
import { CENTER_SIZE } from './constants.js';
import { RulesError } from './errors.js';
import type { ActionPayload, ActionType, GameState, NightActionKind, PlayerState, RoleId } from './types.js';
import { findPlayer } from './util.js';

const TITLE = 'Invalid Action';

/**
 * Action types whose payload names player targets, and whether the actor itself may be one
 * (docs/rules.md "Submitting actions"; spec 000 section 5: the Role Locker may shield itself, the Protector
 * protects others only). The single source of the self-targeting rule: validation, `validTargetsFor` and
 * clients use it.
 */
const PLAYER_TARGETS: Readonly<Partial<Record<ActionType, { self: boolean }>>> = Object.freeze({
  view_player: { self: false },
  rob_player: { self: false },
  convert_player: { self: false },
  copy_role: { self: false },
  protect_player: { self: true },
  protect_from_death: { self: false },
  tap_player: { self: false },
  reveal_player: { self: false },
  target_player: { self: false },
  assign_artifact: { self: true },
  swap_players: { self: false },
  investigate_players: { self: false },
  view_and_swap: { self: true },
});

/**
 * True when a payload of `type` names one or more players (`targetUserId`, `player1UserId`/`player2UserId`
 * or `targetUserIds`).
 */
export function targetsPlayers(type: ActionType): boolean {
  return PLAYER_TARGETS[type] !== undefined;
}

/**
 * True when the acting player may choose itself as a target of `type`: only `protect_player` (Role
 * Locker), `assign_artifact` (Item Giver) and `view_and_swap` (Role Giver). False for every other type,
 * including the types without player targets.
 */
export function canTargetSelf(type: ActionType): boolean {
  return PLAYER_TARGETS[type]?.self === true;
}

/** Validation and night-log kind of one action type. */
interface ActionSpec {
  /** The night log's kind of the action (spec 000 section 2 "Results view": a description per action kind). */
  kind: NightActionKind;
  /** Checks the payload's fields and returns the normalised payload (only the fields of this type). */
  normalize(state: GameState, actor: PlayerState, action: ActionPayload): ActionPayload;
}

/**
 * Checks that `userId` names a player of this game, and not the actor unless `allowSelf`.
 * @throws RulesError INVALID_TARGET / SELF_TARGET
 */
export function checkTarget(state: GameState, actor: PlayerState, userId: unknown, allowSelf: boolean): string {
  if (typeof userId !== 'string' || userId === '') {
    throw new RulesError('INVALID_TARGET', 'Choose a player for this action', TITLE);
  }
  if (!findPlayer(state, userId)) throw new RulesError('INVALID_TARGET', 'That player is not in this game', TITLE);
  if (!allowSelf && userId === actor.userId) {
    throw new RulesError('SELF_TARGET', 'You cannot choose yourself for this action', TITLE);
  }
  return userId;
}

/**
 * Checks a center card index (0-2; the bad-guy pile is not a center choice).
 * @throws RulesError INVALID_CENTER_INDEX
 */
export function checkCenterIndex(index: unknown): number {
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= CENTER_SIZE) {
    throw new RulesError('INVALID_CENTER_INDEX', 'Choose one of the three center cards', TITLE);
  }
  return index;
}

const oneTarget = (type: Exclude<ActionType, 'swap_with_center'>): ActionSpec => ({
  kind: type,
  normalize: (state, actor, a) => ({ type, targetUserId: checkTarget(state, actor, a.targetUserId, canTargetSelf(type)) }),
});

const noFields = (type: Exclude<ActionType, 'swap_with_center'>): ActionSpec => ({
  kind: type,
  normalize: () => ({ type }),
});

/** Every action type's rules. */
const SPECS: Record<ActionType, ActionSpec> = {
  view_player: oneTarget('view_player'),
  rob_player: oneTarget('rob_player'),
  convert_player: oneTarget('convert_player'),
  copy_role: oneTarget('copy_role'),
  protect_player: oneTarget('protect_player'),
  protect_from_death: oneTarget('protect_from_death'),
  tap_player: oneTarget('tap_player'),
  reveal_player: oneTarget('reveal_player'),
  target_player: oneTarget('target_player'),
  // The artifact is drawn by the server (docs/rules.md "Artifacts"): a client artifactId is ignored.
  assign_artifact: oneTarget('assign_artifact'),
  view_center: {
    kind: 'view_center',
    normalize: (_state, _actor, a) => {
      const pos = a.positions;
      if (!Array.isArray(pos) || pos.length !== 2) {
        throw new RulesError('INVALID_CENTER_INDEX', 'Choose exactly two center cards', TITLE);
      }
      const [p0, p1] = [checkCenterIndex(pos[0]), checkCenterIndex(pos[1])];
      if (p0 === p1) throw new RulesError('INVALID_CENTER_INDEX', 'Choose two different center cards', TITLE);
      return { type: 'view_center', positions: [p0, p1] };
    },
  },
  view_center_card: {
    kind: 'view_center_card',
    normalize: (_s, _a, a) => ({ type: 'view_center_card', centerIndex: checkCenterIndex(a.centerIndex) }),
  },
  swap_center: {
    kind: 'swap_center',
    // Spec 000 section 2: the Random Role Taker's picker defaults to the first center card.
    normalize: (_s, _a, a) => ({ type: 'swap_center', centerIndex: checkCenterIndex(a.centerIndex ?? 0) }),
  },
  swap_with_center: {
    kind: 'swap_center',
    // Legacy payload without fields (spec 000 section 3): the first center card.
    normalize: (_s, _a, a) => ({ type: 'swap_center', centerIndex: checkCenterIndex(a.centerIndex ?? 0) }),
  },
  swap_players: {
    kind: 'swap_players',
    normalize: (state, actor, a) => {
      const p1 = checkTarget(state, actor, a.player1UserId, canTargetSelf('swap_players'));
      const p2 = checkTarget(state, actor, a.player2UserId, canTargetSelf('swap_players'));
      if (p1 === p2) throw new RulesError('INVALID_TARGET', 'Choose two different players', TITLE);
      return { type: 'swap_players', player1UserId: p1, player2UserId: p2 };
    },
  },
  investigate_players: {
    kind: 'investigate_players',
    normalize: (state, actor, a) => {
      const ids = a.targetUserIds;
      if (!Array.isArray(ids) || ids.length < 1 || ids.length > 2) {
        throw new RulesError('INVALID_TARGET', 'Choose one or two players to investigate', TITLE);
      }
      const checked = ids.map((id) => checkTarget(state, actor, id, canTargetSelf('investigate_players')));
      if (checked.length === 2 && checked[0] === checked[1]) {
        throw new RulesError('INVALID_TARGET', 'Choose two different players', TITLE);
      }
      return { type: 'investigate_players', targetUserIds: checked };
    },
  },
  shift_cards: {
    kind: 'shift_cards',
    normalize: (_s, _a, a) => {
      if (a.direction !== 'left' && a.direction !== 'right') {
        throw new RulesError('INVALID_ACTION', 'Choose left or right', TITLE);
      }
      return { type: 'shift_cards', direction: a.direction };
    },
  },
  view_and_swap: {
    kind: 'view_and_swap',
    normalize: (state, actor, a) => ({
      type: 'view_and_swap',
      centerIndex: checkCenterIndex(a.centerIndex),
      targetUserId: checkTarget(state, actor, a.targetUserId, canTargetSelf('view_and_swap')),
    }),
  },
  view_werewolf_pile: noFields('view_werewolf_pile'),
  pass: noFields('pass'),
  no_action: noFields('no_action'),
};

/** True when `type` is one of the action types of spec 000 section 3 (a type guard for untrusted input). */
export function isActionType(type: unknown): type is ActionType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(SPECS, type);
}

/**
 * Validates the fields of `action` for its type and returns the normalised payload (only that type's
 * fields; `swap_with_center` becomes `swap_center`; a missing `swap_center` index becomes 0).
 * @throws RulesError INVALID_ACTION / INVALID_TARGET / SELF_TARGET / INVALID_CENTER_INDEX
 */
export function normalizeAction(state: GameState, actor: PlayerState, action: ActionPayload): ActionPayload {
  if (typeof action !== 'object' || action === null || !isActionType(action.type)) {
    throw new RulesError('INVALID_ACTION', 'Unknown action type', TITLE);
  }
  return SPECS[action.type].normalize(state, actor, action);
}

/**
 * The night log's kind of an action (`NightLogEntry.kind`; spec 000 section 2 "Results view": a description
 * per action kind, which a client words through its catalogue): the action type, `swap_center` for the
 * legacy `swap_with_center`, and `self_check` for the Self-Checker's `no_action`, its look at its own card
 * at step 12 (docs/rules.md "Night order").
 * @param type the action type (an unknown type is returned as is)
 * @param role the role the action was performed for
 */
export function describeAction(type: ActionType, role?: RoleId): NightActionKind {
  if (role === 'Self-Checker' && type === 'no_action') return 'self_check';
  return SPECS[type]?.kind ?? (type as NightActionKind);
}
