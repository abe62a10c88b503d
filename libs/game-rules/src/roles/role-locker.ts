/**
 * Role Locker (Sentinel). docs/rules.md "Night order", step 1: shields one card (any player, itself included). A
 * shielded card cannot be viewed, moved, swapped, converted, investigated, copied or given an artifact for
 * the rest of the night, by anyone, its holder included; the touching part of such an action does nothing
 * and its result says "shielded". A Role Copier's copy happens at its submission: it is blocked only by a
 * shield already submitted then.
 */
import { result, type RoleModule } from './types.js';

/** The Role Locker module (see the file comment for its rules). */
export const roleLocker: RoleModule = {
  role: 'Role Locker',
  allowedActions: () => ['protect_player', 'pass'],
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'protect_player' || !target) return null;
    night.shielded.add(target);
    actor.player.shieldedPlayer = target;
    const player = night.ref(target);
    return result([{ code: 'shielded_card', params: { player, self: target === actor.player.userId } }], { targetName: player.displayName });
  },
  botAction: (state, _bot, rng) => (rng.chance(0.15) ? { type: 'pass' } : { type: 'protect_player', targetUserId: rng.pick(state.players).userId }),
};
