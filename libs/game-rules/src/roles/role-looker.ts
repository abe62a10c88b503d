/**
 * Role Looker (Seer). RULES.md section 3 step 6: looks at one other player's card, or at two of the
 * three center cards, or (only when a Converter was dealt) at the bad-guy pile; or passes. What it sees
 * is the card at step 6, not the deal.
 */
import type { ActionType } from '../types.js';
import { joinNames } from '../util.js';
import { centerLabel, othersOf, type RoleModule } from './types.js';

/** The Role Looker module (see the file comment for its rules). */
export const roleLooker: RoleModule = {
  role: 'Role Looker',
  allowedActions: (state, player) => {
    const types: ActionType[] = othersOf(state, player).length > 0 ? ['view_player', 'view_center'] : ['view_center'];
    if (state.centerCards.length > 3) types.push('view_werewolf_pile');
    types.push('pass');
    return types;
  },
  resolve(night, actor) {
    const a = actor.action;
    if (a.type === 'view_player' && a.targetUserId) {
      const name = night.name(a.targetUserId);
      if (night.isShielded(a.targetUserId)) {
        return { message: `You tried to look at ${name}'s card, but it is shielded.`, data: { targetName: name, shielded: true } };
      }
      const role = night.cardOf(a.targetUserId);
      return {
        message: `You looked at ${name}'s card: ${role}.`,
        data: { targetName: name, seen: [{ userId: a.targetUserId, displayName: name, role }] },
      };
    }
    if (a.type === 'view_center' && a.positions) {
      const seen = a.positions.map((i) => ({ centerIndex: i, role: night.centerCard(i) }));
      const where = `center cards ${joinNames(a.positions.map((i) => String(i + 1)))}`;
      return {
        message: `You looked at ${where}: ${joinNames(seen.map((s) => s.role))}.`,
        data: { seen },
      };
    }
    if (a.type === 'view_werewolf_pile' && night.hasBadGuyPile()) {
      const role = night.centerCard(3);
      return { message: `You looked at the bad-guy pile: ${role}.`, data: { badGuyPileCards: [role] } };
    }
    return null;
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    const roll = rng.int(100);
    if (roll < 50 && others.length > 0) return { type: 'view_player', targetUserId: rng.pick(others).userId };
    if (roll < 95) {
      const [p0, p1] = rng.sample([0, 1, 2], 2) as [number, number];
      return { type: 'view_center', positions: [p0, p1] };
    }
    return { type: 'pass' };
  },
};
