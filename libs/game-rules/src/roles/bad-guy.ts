/**
 * Bad Guy (Werewolf). docs/rules.md "Roles": sees the fellow wolves; when it is the only wolf at night
 * (Isolated Bad Guy and a Role Copier that copied a wolf included in the count), it may look at one
 * center card at step 3. A peek chosen while alone does nothing if a Role Copier copies a wolf later in
 * job_choice: the Bad Guy then learns its fellow wolves instead.
 */
import { isLoneWolf, nightInfoMessage } from '../night/info.js';
import { result, seenCenter, type RoleModule } from './types.js';

/** The Bad Guy module (see the file comment for its rules). */
export const badGuy: RoleModule = {
  role: 'Bad Guy',
  allowedActions: (state, player) => (isLoneWolf(state, player) ? ['view_center_card', 'pass'] : ['no_action']),
  resolve(night, actor) {
    if (actor.action.type === 'view_center_card' && isLoneWolf(night.state, actor.player)) {
      const index = actor.action.centerIndex ?? 0;
      const card = night.seeCenter(index);
      return result(
        [
          { code: 'fellow_wolves', params: { players: [] } },
          { code: 'saw_center_card', params: { center: index, role: card } },
        ],
        { seen: [seenCenter(index, card)] },
      );
    }
    const info = nightInfoMessage(night.state, actor.player);
    return info === null ? null : result([info]);
  },
  botAction: (state, bot, rng) =>
    isLoneWolf(state, bot) ? { type: 'view_center_card', centerIndex: rng.int(3) } : { type: 'no_action' },
};
