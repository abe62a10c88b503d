/**
 * Self-Checker (Insomniac). RULES.md section 3 step 12: looks at its final card; the result says whether
 * it changed during the night (spec 000 section 2: 'Your role has changed during the night!').
 */
import type { RoleModule } from './types.js';

/** The Self-Checker module (see the file comment for its rules). */
export const selfChecker: RoleModule = {
  role: 'Self-Checker',
  allowedActions: () => ['no_action'],
  resolve(night, actor) {
    const finalRole = night.cardOf(actor.player.userId);
    const originalRole = actor.player.originalRole ?? 'Self-Checker';
    const changed = finalRole !== originalRole;
    return {
      message: changed
        ? `Your role has changed during the night! You are now the ${finalRole}.`
        : `Your role is still ${finalRole}.`,
      data: { originalRole, finalRole },
    };
  },
  botAction: () => ({ type: 'no_action' }),
};
