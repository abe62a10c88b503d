/**
 * Role Copier (Doppelganger). docs/rules.md "Night order", step 2: copies another player's role at its submission,
 * during job_choice, and learns the card at once (`immediateResult`, the only result shown before the
 * resolution). It takes that role's team and win condition (a transformation attached to the Role Copier
 * card, which travels with the card), wakes as that role (a copied wolf wakes with the wolves and is shown
 * to them), and if the copied role has a choice it submits a second action (`copyActionData`) resolved
 * right after the original role's step. The copy itself is done by `night/submit.ts`; here: the choices
 * and the step-2 result.
 */
import type { ActionResult } from '../types.js';
import { clone } from '../util.js';
import { othersOf, type RoleModule } from './types.js';

/** The Role Copier module (see the file comment for its rules). */
export const roleCopier: RoleModule = {
  role: 'Role Copier',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['copy_role'] : ['no_action']),
  resolve(_night, actor) {
    const r = actor.player.immediateResult;
    if (actor.action.type !== 'copy_role' || !r) return null;
    const d = r.data;
    // The copy as the night results tell it (without the job_choice prompt for the second action).
    const out: ActionResult = { lines: r.lines.filter((m) => m.code !== 'copy_choose_action').map((m) => clone(m)) };
    if (d) out.data = { ...d, ...(d.seen ? { seen: d.seen.map((x) => ({ ...x })) } : {}) };
    return out;
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    return others.length > 0 ? { type: 'copy_role', targetUserId: rng.pick(others).userId } : { type: 'no_action' };
  },
};
