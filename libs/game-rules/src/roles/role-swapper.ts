/**
 * Role Swapper (Troublemaker). docs/rules.md "Night order", step 8: swaps the cards of two other players without
 * seeing them. Several Role Swappers resolve in seat order.
 */
import { RulesError } from '../errors.js';
import { othersOf, result, type RoleModule } from './types.js';

/** The Role Swapper module (see the file comment for its rules). */
export const roleSwapper: RoleModule = {
  role: 'Role Swapper',
  allowedActions: (state, player) => (othersOf(state, player).length >= 2 ? ['swap_players', 'pass'] : ['pass']),
  validate(state, player, action) {
    if (action.type === 'swap_players' && othersOf(state, player).length < 2) {
      throw new RulesError('INVALID_ACTION', 'There are not enough other players to swap', 'Invalid Action');
    }
  },
  resolve(night, actor) {
    const { player1UserId: a, player2UserId: b } = actor.action;
    if (actor.action.type !== 'swap_players' || !a || !b) return null;
    const [player, player2] = [night.ref(a), night.ref(b)];
    const shielded = [a, b].filter((id) => night.isShielded(id)).map((id) => night.ref(id));
    if (shielded.length > 0) return result([{ code: 'swap_shielded', params: { player, player2, shielded } }], { shielded: true });
    night.swapPlayerCards(a, b);
    return result([{ code: 'swapped_players', params: { player, player2 } }]);
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    if (others.length < 2 || rng.chance(0.1)) return { type: 'pass' };
    const [p1, p2] = rng.sample(others, 2);
    return { type: 'swap_players', player1UserId: p1?.userId, player2UserId: p2?.userId };
  },
};
