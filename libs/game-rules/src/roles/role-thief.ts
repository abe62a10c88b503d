/**
 * Role Thief (Robber). docs/rules.md "Night order", step 7: swaps its card with another player's card and sees its
 * new card, printed role only (docs/rules.md "Transformation secrecy"). It does not act for the new card.
 */
import { othersOf, result, type RoleModule } from './types.js';

/** The Role Thief module (see the file comment for its rules). */
export const roleThief: RoleModule = {
  role: 'Role Thief',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['rob_player', 'pass'] : ['pass']),
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'rob_player' || !target) return null;
    const player = night.ref(target);
    const name = player.displayName;
    const self = actor.player.userId;
    if (night.isShielded(target) || night.isShielded(self)) {
      return result([{ code: 'rob_shielded', params: { player, own: !night.isShielded(target) } }], { targetName: name, shielded: true });
    }
    night.swapPlayerCards(self, target);
    const card = night.seeCard(self);
    // The printed card only: a transformation that came with it stays secret (docs/rules.md "Transformation secrecy").
    return result([{ code: 'robbed_player', params: { player, role: card } }], { targetName: name, newRole: card });
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    if (others.length === 0 || rng.chance(0.1)) return { type: 'pass' };
    return { type: 'rob_player', targetUserId: rng.pick(others).userId };
  },
};
