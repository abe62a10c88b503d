/**
 * Protector (Bodyguard). docs/rules.md "Night order", step 5 and docs/rules.md "Votes": protects another player (never itself) from
 * elimination by the vote; the target is recorded in `protectedPlayer` and is not told. No card changes,
 * so the Role Locker's shield does not matter. Revealed in the results.
 */
import { othersOf, result, type RoleModule } from './types.js';

/** The Protector module (see the file comment for its rules). */
export const protector: RoleModule = {
  role: 'Protector',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['protect_from_death'] : ['no_action']),
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'protect_from_death' || !target) return null;
    actor.player.protectedPlayer = target;
    const player = night.ref(target);
    return result([{ code: 'protected_player', params: { player } }], { targetName: player.displayName });
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    return others.length > 0 ? { type: 'protect_from_death', targetUserId: rng.pick(others).userId } : { type: 'no_action' };
  },
};
