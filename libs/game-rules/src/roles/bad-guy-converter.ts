/**
 * Bad Guy Converter (Alpha Wolf). docs/rules.md "Setup and deal" and docs/rules.md "Roles": sees the fellow wolves; at step 3 may swap the
 * bad-guy pile (center index 3, a Bad Guy card dealt with the Converter) with the card of a player who is
 * not a bad guy and not itself: the target now holds the pile's card, the pile the target's old card.
 * The target is not told. Converting a known wolf (a wolf shown to the Converter) or itself is rejected.
 */
import { PILE_INDEX } from '../night/context.js';
import { dealtWolves } from '../night/info.js';
import type { GameState, PlayerState } from '../types.js';
import { invalidTarget, result, withInfo, type RoleModule } from './types.js';

/** Players the Converter may convert: others that it does not know as wolves. */
function convertible(state: GameState, player: PlayerState): PlayerState[] {
  const wolves = new Set(dealtWolves(state).map((p) => p.userId));
  return state.players.filter((p) => p.userId !== player.userId && !wolves.has(p.userId));
}

/** The Bad Guy Converter module (see the file comment for its rules). */
export const badGuyConverter: RoleModule = {
  role: 'Bad Guy Converter',
  allowedActions: (state, player) => (convertible(state, player).length > 0 ? ['convert_player', 'pass'] : ['pass']),
  targets: (state, player) => convertible(state, player).map((p) => p.userId),
  validate(state, player, action) {
    if (action.type !== 'convert_player') return;
    if (!convertible(state, player).some((p) => p.userId === action.targetUserId)) invalidTarget('You cannot convert a bad guy');
  },
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'convert_player' || !target) return null;
    const player = night.ref(target);
    const name = player.displayName;
    if (!night.hasBadGuyPile()) {
      return result(withInfo(night, actor, { code: 'convert_no_pile', params: { player } }), { targetName: name });
    }
    if (night.isShielded(target)) {
      return result(withInfo(night, actor, { code: 'convert_shielded', params: { player } }), { targetName: name, shielded: true });
    }
    const known = !night.pileUsed;
    const given = night.centerCard(PILE_INDEX);
    night.swapWithCenter(target, PILE_INDEX);
    night.pileUsed = true;
    night.player(target).convertedBy = actor.player.userId;
    if (!known) return result(withInfo(night, actor, { code: 'converted_player', params: { player } }), { targetName: name });
    return result(withInfo(night, actor, { code: 'converted_player', params: { player, role: given } }), { targetName: name, convertedTo: given });
  },
  botAction: (state, bot, rng) => {
    const targets = convertible(state, bot);
    if (targets.length === 0 || rng.chance(0.2)) return { type: 'pass' };
    return { type: 'convert_player', targetUserId: rng.pick(targets).userId };
  },
};
