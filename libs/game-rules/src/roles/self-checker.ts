/**
 * Self-Checker (Insomniac). RULES.md section 3 step 12: looks at its final card (and the transformation
 * attached to it); the result says whether it changed during the night (spec 000 section 2: 'Your role
 * has changed during the night!') and notes a conversion. A shielded card cannot be looked at, not even
 * by its holder.
 */
import { cardText } from '../night/context.js';
import type { ActionResult } from '../types.js';
import type { RoleModule } from './types.js';

/** The Self-Checker module (see the file comment for its rules). */
export const selfChecker: RoleModule = {
  role: 'Self-Checker',
  allowedActions: () => ['no_action'],
  resolve(night, actor) {
    const self = actor.player.userId;
    if (night.isShielded(self)) return { message: 'Your card is shielded: you cannot look at it.', data: { shielded: true } };
    const card = night.seeCard(self);
    const finalRole = card.role;
    const originalRole = actor.player.originalRole ?? 'Self-Checker';
    const changed = finalRole !== originalRole;
    const data: NonNullable<ActionResult['data']> = { originalRole, finalRole };
    if (card.transformedTo) data.newRoleTransformedTo = card.transformedTo;
    if (actor.player.convertedBy) data.wasConverted = true;
    let message = changed ? `Your role has changed during the night! You are now the ${cardText(card)}.` : `Your role is still ${cardText(card)}.`;
    if (data.wasConverted) message += ' You were converted with the bad-guy pile.';
    return { message, data };
  },
  botAction: () => ({ type: 'no_action' }),
};
