/**
 * Role Looker (Seer). docs/rules.md "Night order", step 6: looks at one other player's card, or at two of the
 * three center cards, or (only when a Converter was dealt) at the bad-guy pile; or passes. What it sees
 * is the card at step 6, not the deal.
 */
import { PILE_INDEX } from '../constants.js';
import type { NightContext } from '../night/context.js';
import type { ActionResult, ActionType } from '../types.js';
import { othersOf, result, seenCenter, seenPlayer, type RoleModule } from './types.js';

/** The Role Looker module (see the file comment for its rules). */
export const roleLooker: RoleModule = {
  role: 'Role Looker',
  allowedActions: (state, player) => {
    const types: ActionType[] = othersOf(state, player).length > 0 ? ['view_player', 'view_center'] : ['view_center'];
    if (state.centerCards.length > PILE_INDEX) types.push('view_werewolf_pile');
    types.push('pass');
    return types;
  },
  resolve(night, actor) {
    const a = actor.action;
    if (a.type === 'view_player' && a.targetUserId) {
      const player = night.ref(a.targetUserId);
      const name = player.displayName;
      if (night.isShielded(a.targetUserId)) {
        return result([{ code: 'view_shielded', params: { player } }], { targetName: name, shielded: true });
      }
      const card = night.seeCard(a.targetUserId);
      return result([{ code: 'saw_player_card', params: { player, role: card } }], { targetName: name, seen: [seenPlayer(a.targetUserId, name, card)] });
    }
    if (a.type === 'view_center' && a.positions) {
      const cards = a.positions.map((i) => night.seeCenter(i));
      return result([{ code: 'saw_center_cards', params: { centers: a.positions.slice(), roles: cards } }], {
        seen: a.positions.map((i, k) => seenCenter(i, cards[k]!)),
      });
    }
    if (a.type === 'view_werewolf_pile') return viewPile(night);
    return null;
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    const roll = rng.int(100);
    if (roll < 50 && others.length > 0) return { type: 'view_player', targetUserId: rng.pick(others).userId };
    if (roll < 90) {
      const [p0, p1] = rng.sample([0, 1, 2], 2) as [number, number];
      return { type: 'view_center', positions: [p0, p1] };
    }
    if (roll < 95 && state.centerCards.length > PILE_INDEX) return { type: 'view_werewolf_pile' };
    return { type: 'pass' };
  },
};

/** Result of looking at the bad-guy pile (Role Looker, Single Role Looker). */
export function viewPile(night: NightContext): ActionResult {
  if (!night.hasBadGuyPile()) return result([{ code: 'no_pile', params: {} }]);
  const card = night.seeCenter(PILE_INDEX);
  return result([{ code: 'saw_pile', params: { role: card } }], { badGuyPileCards: [card], seen: [seenCenter(PILE_INDEX, card)] });
}
