/**
 * Advanced Bad Guy (Mystic Wolf). docs/rules.md "Roles": sees the fellow wolves; at step 3 (after the
 * Converter) may look at one other player's card; never a center card.
 */
import { othersOf, result, seenPlayer, withInfo, type RoleModule } from './types.js';

/** The Advanced Bad Guy module (see the file comment for its rules). */
export const advancedBadGuy: RoleModule = {
  role: 'Advanced Bad Guy',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['view_player', 'pass'] : ['pass']),
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'view_player' || !target) return null;
    const player = night.ref(target);
    const name = player.displayName;
    if (night.isShielded(target)) {
      return result(withInfo(night, actor, { code: 'view_shielded', params: { player } }), { targetName: name, shielded: true });
    }
    const card = night.seeCard(target);
    return result(withInfo(night, actor, { code: 'saw_player_card', params: { player, role: card } }), {
      targetName: name,
      seen: [seenPlayer(target, name, card)],
    });
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    if (others.length === 0 || rng.chance(0.1)) return { type: 'pass' };
    return { type: 'view_player', targetUserId: rng.pick(others).userId };
  },
};
