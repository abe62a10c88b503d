/**
 * Tapper (Thing). RULES.md section 3 step 10; spec 000 section 2: taps one ADJACENT seat (the seat order
 * wraps around; with fewer than 3 players every other player is a target); the tapped player is told
 * 'You were tapped!' and by which side (`tappedBy`, seen from the tapped player: `left` = its next lower
 * seat, wrapping; `right` = its next higher seat). With no possible target (a one-player game) the role
 * submits `no_action`. It cannot pass. No card changes, so shields do not matter.
 */
import type { GameState, PlayerState } from '../types.js';
import { invalidTarget, othersOf, type RoleModule } from './types.js';

/** The text shown to the tapped player (spec 000 section 2 "Night results view"). */
export const TAPPED_MESSAGE = 'You were tapped!';

/** The players `player` may tap: its two neighbours (seat order wraps), or every other player below 3 players. */
export function tapTargets(state: GameState, player: PlayerState): PlayerState[] {
  const n = state.players.length;
  if (n < 3) return othersOf(state, player);
  const i = state.players.findIndex((p) => p.userId === player.userId);
  const left = state.players[(i - 1 + n) % n] as PlayerState;
  const right = state.players[(i + 1) % n] as PlayerState;
  return left.userId === right.userId ? [left] : [left, right];
}

/** The side the tapper sits on, seen from the tapped player (`left`: the tapped player's next lower seat). */
export function tapSide(state: GameState, tapper: string, tapped: string): 'left' | 'right' {
  const n = state.players.length;
  const i = state.players.findIndex((p) => p.userId === tapped);
  return state.players[(i - 1 + n) % n]?.userId === tapper ? 'left' : 'right';
}

/** The Tapper module (see the file comment for its rules). */
export const tapper: RoleModule = {
  role: 'Tapper',
  allowedActions: (state, player) => (tapTargets(state, player).length > 0 ? ['tap_player'] : ['no_action']),
  targets: (state, player) => tapTargets(state, player).map((p) => p.userId),
  validate(state, player, action) {
    if (action.type !== 'tap_player') return;
    if (!tapTargets(state, player).some((p) => p.userId === action.targetUserId)) invalidTarget('You can only tap a player seated next to you');
  },
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'tap_player' || !target) return null;
    const t = night.player(target);
    t.isTappedByThing = true;
    const side = tapSide(night.state, actor.player.userId, target);
    night.addNotice(target, { message: `${TAPPED_MESSAGE} The tap came from your ${side}.`, data: { tappedBy: side } });
    return { message: `You tapped ${t.displayName} on the shoulder.`, data: { targetName: t.displayName } };
  },
  botAction: (state, bot, rng) => {
    const targets = tapTargets(state, bot);
    return targets.length > 0 ? { type: 'tap_player', targetUserId: rng.pick(targets).userId } : { type: 'no_action' };
  },
};
