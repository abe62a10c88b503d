/**
 * Role Giver (Witch). docs/rules.md "Night order", step 9 (after the Random Role Taker): looks at the chosen center
 * card (0-2), then swaps it with the target's card (itself allowed) without seeing that card; or passes.
 * A shielded target keeps its card (the Giver still saw the center card). It sees and gives printed cards
 * only (docs/rules.md "Transformation secrecy").
 */
import { centerLabel, seenCenter, seenPlayer, type RoleModule } from './types.js';

/** The Role Giver module (see the file comment for its rules). */
export const roleGiver: RoleModule = {
  role: 'Role Giver',
  allowedActions: () => ['view_and_swap', 'pass'],
  resolve(night, actor) {
    const { centerIndex, targetUserId: target } = actor.action;
    if (actor.action.type !== 'view_and_swap' || centerIndex === undefined || !target) return null;
    const card = night.seeCenter(centerIndex);
    const self = target === actor.player.userId;
    const name = night.name(target);
    const looked = `You looked at ${centerLabel(centerIndex)}: ${night.label(card)}.`;
    if (night.isShielded(target)) {
      const whose = self ? 'your card is' : `${name}'s card is`;
      return { message: `${looked} You could not give it away: ${whose} shielded.`, data: { targetName: name, shielded: true, seen: [seenCenter(centerIndex, card)] } };
    }
    night.swapWithCenter(target, centerIndex);
    if (self) {
      // The printed card only: a transformation that came with it stays secret (docs/rules.md "Transformation secrecy").
      const data = { targetName: name, newRole: card, seen: [seenCenter(centerIndex, card)] };
      return { message: `${looked} You took it: you are now the ${night.label(card)}.`, data };
    }
    return {
      message: `${looked} You gave it to ${name}.`,
      data: { targetName: name, seen: [seenCenter(centerIndex, card), seenPlayer(target, name, card)] },
    };
  },
  botAction: (state, _bot, rng) =>
    rng.chance(0.15) ? { type: 'pass' } : { type: 'view_and_swap', centerIndex: rng.int(3), targetUserId: rng.pick(state.players).userId },
};
