/**
 * Random Role Taker (Drunk). docs/rules.md "Night order", step 9: must swap the card it holds now (it may have
 * been robbed or swapped earlier in the night) with the chosen center card, without seeing it.
 */
import { result, type RoleModule } from './types.js';

/** The Random Role Taker module (see the file comment for its rules). */
export const randomRoleTaker: RoleModule = {
  role: 'Random Role Taker',
  allowedActions: () => ['swap_center'],
  resolve(night, actor) {
    const index = actor.action.centerIndex ?? 0;
    const self = actor.player.userId;
    if (night.isShielded(self)) {
      return result([{ code: 'center_swap_shielded', params: { center: index } }], { shielded: true });
    }
    night.swapWithCenter(self, index);
    return result([{ code: 'swapped_with_center', params: { center: index } }]);
  },
  botAction: (_state, _bot, rng) => ({ type: 'swap_center', centerIndex: rng.int(3) }),
};
