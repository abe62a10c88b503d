/**
 * Self-Checker (Insomniac). docs/rules.md "Night order", step 12: looks at its final card, printed role only (a
 * transformation that came with the card stays secret: docs/rules.md "Transformation secrecy"); the result
 * says whether it changed during the night (`role_changed`, spec 000 section 2: 'Your role has changed during the night!')
 * and notes a conversion. A shielded card cannot be looked at, not even by its holder.
 */
import type { ActionResult, NightMessage } from '../types.js';
import { result, type RoleModule } from './types.js';

/** The Self-Checker module (see the file comment for its rules). */
export const selfChecker: RoleModule = {
  role: 'Self-Checker',
  allowedActions: () => ['no_action'],
  resolve(night, actor) {
    const self = actor.player.userId;
    if (night.isShielded(self)) return result([{ code: 'self_check_shielded', params: {} }], { shielded: true });
    // The printed card only: a transformation that came with it stays secret (docs/rules.md "Transformation secrecy").
    const finalRole = night.seeCard(self);
    const originalRole = actor.player.originalRole ?? 'Self-Checker';
    const changed = finalRole !== originalRole;
    const data: NonNullable<ActionResult['data']> = { originalRole, finalRole };
    if (actor.player.convertedBy) data.wasConverted = true;
    const lines: NightMessage[] = [{ code: changed ? 'role_changed' : 'role_unchanged', params: { role: finalRole } }];
    if (data.wasConverted) lines.push({ code: 'was_converted', params: {} });
    return result(lines, data);
  },
  botAction: () => ({ type: 'no_action' }),
};
