/**
 * Stalker. docs/rules.md "Night order", step 5 and docs/rules.md "Wins": picks another player as its target (`stalkerTarget`); the
 * target is told 'Somebody wants you dead.' in the night results (the `stalked` notice, `stalkerMarked`). The player whose final
 * win condition is the Stalker's wins if the target it chose is eliminated, whatever else happens.
 */
import { othersOf, playerRef, result, type RoleModule } from './types.js';

/** The Stalker module (see the file comment for its rules). */
export const stalker: RoleModule = {
  role: 'Stalker',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['target_player'] : ['no_action']),
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'target_player' || !target) return null;
    actor.player.stalkerTarget = target;
    const t = night.player(target);
    t.stalkerMarked = true;
    night.addNotice(target, result([{ code: 'stalked', params: {} }], { stalkerMarked: true }));
    return result([{ code: 'stalker_target', params: { player: playerRef(t) } }], { targetName: t.displayName });
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    return others.length > 0 ? { type: 'target_player', targetUserId: rng.pick(others).userId } : { type: 'no_action' };
  },
};
