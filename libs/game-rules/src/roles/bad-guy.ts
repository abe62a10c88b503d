/**
 * Bad Guy (Werewolf). RULES.md section 2-3: sees the fellow wolves; when it is the only player dealt
 * a wolf card (Isolated Bad Guy included in the count), it may look at one center card at step 3.
 */
import { isLoneWolf, nightInfoText } from '../night/info.js';
import { centerLabel, type RoleModule } from './types.js';

/** The Bad Guy module (see the file comment for its rules). */
export const badGuy: RoleModule = {
  role: 'Bad Guy',
  allowedActions: (state, player) => (isLoneWolf(state, player) ? ['view_center_card', 'pass'] : ['no_action']),
  resolve(night, actor) {
    if (actor.action.type === 'view_center_card') {
      const index = actor.action.centerIndex ?? 0;
      const role = night.centerCard(index);
      return {
        message: `You are the only bad guy. You looked at ${centerLabel(index)}: ${role}.`,
        data: { seen: [{ centerIndex: index, role }] },
      };
    }
    const text = nightInfoText(night.state, actor.player);
    return text === null ? null : { message: text };
  },
  botAction: (state, bot, rng) =>
    isLoneWolf(state, bot) ? { type: 'view_center_card', centerIndex: rng.int(3) } : { type: 'no_action' },
};
