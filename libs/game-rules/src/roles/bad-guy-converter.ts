/**
 * Bad Guy Converter (Alpha Wolf). docs/rules.md "Setup and deal" and docs/rules.md "Roles": sees the fellow wolves; at step 3 may swap the
 * bad-guy pile (center index 3, a Bad Guy card dealt with the Converter) with the card of a player who is
 * not a bad guy and not itself: the target now holds the pile's card, the pile the target's old card.
 * The target is not told. Converting a known wolf (a wolf shown to the Converter) or itself is rejected.
 */
import { PILE_INDEX } from '../night/context.js';
import { dealtWolves } from '../night/info.js';
import type { GameState, PlayerState } from '../types.js';
import { invalidTarget, withInfo, type RoleModule } from './types.js';

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
    const name = night.name(target);
    if (!night.hasBadGuyPile()) {
      return { message: withInfo(night, actor, `There is no bad-guy pile: you could not convert ${name}.`), data: { targetName: name } };
    }
    if (night.isShielded(target)) {
      return {
        message: withInfo(night, actor, `You tried to convert ${name}, but ${name}'s card is shielded.`),
        data: { targetName: name, shielded: true },
      };
    }
    const known = !night.pileUsed;
    const given = night.centerCard(PILE_INDEX);
    night.swapWithCenter(target, PILE_INDEX);
    night.pileUsed = true;
    night.player(target).convertedBy = actor.player.userId;
    if (!known) {
      return {
        message: withInfo(night, actor, `You converted ${name}: ${name} now holds the card of the bad-guy pile.`),
        data: { targetName: name },
      };
    }
    return {
      message: withInfo(night, actor, `You converted ${name}: ${name} now holds a ${night.label(given)} card.`),
      data: { targetName: name, convertedTo: given },
    };
  },
  botAction: (state, bot, rng) => {
    const targets = convertible(state, bot);
    if (targets.length === 0 || rng.chance(0.2)) return { type: 'pass' };
    return { type: 'convert_player', targetUserId: rng.pick(targets).userId };
  },
};
