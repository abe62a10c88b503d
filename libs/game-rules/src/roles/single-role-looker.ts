/**
 * Single Role Looker (Apprentice Seer). docs/rules.md "Night order", step 6: looks at one center card (0-2), or at
 * the bad-guy pile when a Converter was dealt; or passes.
 */
import { PILE_INDEX } from '../constants.js';
import type { ActionType } from '../types.js';
import { viewPile } from './role-looker.js';
import { result, seenCenter, type RoleModule } from './types.js';

/** The Single Role Looker module (see the file comment for its rules). */
export const singleRoleLooker: RoleModule = {
  role: 'Single Role Looker',
  allowedActions: (state) => {
    const types: ActionType[] = ['view_center_card'];
    if (state.centerCards.length > PILE_INDEX) types.push('view_werewolf_pile');
    types.push('pass');
    return types;
  },
  resolve(night, actor) {
    const a = actor.action;
    if (a.type === 'view_center_card') {
      const index = a.centerIndex ?? 0;
      const card = night.seeCenter(index);
      return result([{ code: 'saw_center_card', params: { center: index, role: card } }], { seen: [seenCenter(index, card)] });
    }
    if (a.type === 'view_werewolf_pile') return viewPile(night);
    return null;
  },
  botAction: (state, _bot, rng) => {
    const roll = rng.int(100);
    if (roll < 85) return { type: 'view_center_card', centerIndex: rng.int(3) };
    if (roll < 95 && state.centerCards.length > PILE_INDEX) return { type: 'view_werewolf_pile' };
    return { type: 'pass' };
  },
};
