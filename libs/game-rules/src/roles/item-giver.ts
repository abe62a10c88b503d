/**
 * Item Giver (Curator). docs/rules.md "Night order", step 11 and docs/rules.md "Artifacts": gives an artifact to any player (itself
 * included) or passes. The artifact is drawn by the engine from the pool with the game RNG (a client's
 * `artifactId` is ignored); the holder learns it in its night results, the giver does not. A shielded
 * card cannot be given an artifact; a player holds at most one artifact and two never share one.
 */
import { ARTIFACT_IDS } from '../artifacts.js';
import { playerRef, result, type RoleModule } from './types.js';

/** The Item Giver module (see the file comment for its rules). */
export const itemGiver: RoleModule = {
  role: 'Item Giver',
  allowedActions: () => ['assign_artifact', 'pass'],
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'assign_artifact' || !target) return null;
    const t = night.player(target);
    const self = target === actor.player.userId;
    const name = t.displayName;
    const player = playerRef(t);
    if (night.isShielded(target)) {
      return result([{ code: 'artifact_shielded', params: { player, self } }], { targetName: name, shielded: true });
    }
    const used = new Set(night.state.players.map((p) => p.artifactId));
    const pool = ARTIFACT_IDS.filter((id) => !used.has(id));
    if (t.artifactId || pool.length === 0) {
      return result([{ code: 'artifact_already_held', params: { player, self } }], { targetName: name });
    }
    const id = night.rng.pick(pool);
    t.artifactId = id;
    night.addNotice(target, result([{ code: 'artifact_received', params: { artifact: id } }], { artifact: id }));
    return result([{ code: 'gave_artifact', params: { player, self } }], { targetName: name });
  },
  botAction: (state, _bot, rng) =>
    rng.chance(0.15) ? { type: 'pass' } : { type: 'assign_artifact', targetUserId: rng.pick(state.players).userId },
};
