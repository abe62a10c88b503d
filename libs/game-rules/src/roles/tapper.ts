/**
 * Tapper (Thing). docs/rules.md "Night order", step 10; spec 000 section 2: taps one ADJACENT seat (the seat order
 * wraps around; with fewer than 3 players every other player is a target); the tapped player is told
 * 'You were tapped!' and by which side (the `tapped` notice and `tappedBy`, seen from the tapped player: `left` = its next lower
 * seat, wrapping; `right` = its next higher seat). With no possible target (a one-player game) the role
 * submits `no_action`. It cannot pass. No card changes, so shields do not matter.
 */
import { invalidTarget, playerRef, result, type RoleModule } from './types.js';

/** Players in seat order: a `GameState`, or a client's `GameView` (its `players` are in seat order too). */
interface Seated<P extends { userId: string }> {
  players: readonly P[];
}

/**
 * The players `player` may tap (docs/rules.md "Roles", Tapper): its two neighbours in seat order (wrapping
 * around), or every other player when there are fewer than 3. Works on the engine state and on a client's
 * view alike (`players` in seat order). Empty when `player` is not seated.
 */
export function tapTargets<P extends { userId: string }>(state: Seated<P>, player: { userId: string }): P[] {
  const n = state.players.length;
  const i = state.players.findIndex((p) => p.userId === player.userId);
  if (i < 0) return [];
  if (n < 3) return state.players.filter((p) => p.userId !== player.userId);
  const left = state.players[(i - 1 + n) % n] as P;
  const right = state.players[(i + 1) % n] as P;
  return left.userId === right.userId ? [left] : [left, right];
}

/**
 * The side the tapper sits on, seen from the tapped player: `left` when the tapper is the tapped player's
 * next LOWER seat (wrapping), else `right` (the `tappedBy` of the tapped player's night result).
 */
export function tapSide(state: Seated<{ userId: string }>, tapper: string, tapped: string): 'left' | 'right' {
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
    night.addNotice(target, result([{ code: 'tapped', params: { side } }], { tappedBy: side }));
    return result([{ code: 'tapped_player', params: { player: playerRef(t) } }], { targetName: t.displayName });
  },
  botAction: (state, bot, rng) => {
    const targets = tapTargets(state, bot);
    return targets.length > 0 ? { type: 'tap_player', targetUserId: rng.pick(targets).userId } : { type: 'no_action' };
  },
};
