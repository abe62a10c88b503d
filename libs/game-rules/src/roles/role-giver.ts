/**
 * Role Giver (Witch). docs/rules.md "Night order", step 9 (after the Random Role Taker): looks at the chosen center
 * card (0-2), then swaps it with the target's card (itself allowed) without seeing that card; or passes.
 * A shielded target keeps its card (the Giver still saw the center card). It sees and gives printed cards
 * only (docs/rules.md "Transformation secrecy").
 */
import type { NightMessage } from '../types.js';
import { result, seenCenter, seenPlayer, type RoleModule } from './types.js';

/** The Role Giver module (see the file comment for its rules). */
export const roleGiver: RoleModule = {
  role: 'Role Giver',
  allowedActions: () => ['view_and_swap', 'pass'],
  resolve(night, actor) {
    const { centerIndex, targetUserId: target } = actor.action;
    if (actor.action.type !== 'view_and_swap' || centerIndex === undefined || !target) return null;
    const card = night.seeCenter(centerIndex);
    const self = target === actor.player.userId;
    const player = night.ref(target);
    const name = player.displayName;
    const looked: NightMessage = { code: 'saw_center_card', params: { center: centerIndex, role: card } };
    if (night.isShielded(target)) {
      return result([looked, { code: 'give_shielded', params: { player, self } }], { targetName: name, shielded: true, seen: [seenCenter(centerIndex, card)] });
    }
    night.swapWithCenter(target, centerIndex);
    if (self) {
      // The printed card only: a transformation that came with it stays secret (docs/rules.md "Transformation secrecy").
      return result([looked, { code: 'took_card', params: { role: card } }], { targetName: name, newRole: card, seen: [seenCenter(centerIndex, card)] });
    }
    return result([looked, { code: 'gave_card', params: { player } }], {
      targetName: name,
      seen: [seenCenter(centerIndex, card), seenPlayer(target, name, card)],
    });
  },
  botAction: (state, _bot, rng) =>
    rng.chance(0.15) ? { type: 'pass' } : { type: 'view_and_swap', centerIndex: rng.int(3), targetUserId: rng.pick(state.players).userId },
};
