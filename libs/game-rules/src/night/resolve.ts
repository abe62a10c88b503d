/**
 * Night resolution (docs/rules.md "Night resolution"): every submitted action is resolved in a fixed sequence of
 * steps when the last action is in. Each step lists the roles resolving at it, in order; players of one
 * role resolve in seat order; a Role Copier's copied action resolves right after the originals of the
 * copied role. Every result is computed at its step.
 */
import { describeAction } from '../actions.js';
import { ROLES, isRoleName } from '../catalogue.js';
import { roleInfo } from '../custom-roles.js';
import { withGameRng } from '../rng.js';
import { roleModule } from '../roles/index.js';
import type { ActionResult, ActionType, GameState, NightLogEntry, NightMessage, RoleId, RoleName } from '../types.js';
import { clone } from '../util.js';
import { NightContext, type NightActor } from './context.js';
import { nightInfoMessage } from './info.js';

/** The fixed resolution sequence of docs/rules.md "Night resolution" (step number, roles in order). */
export const RESOLUTION_STEPS: ReadonlyArray<{ readonly step: number; readonly roles: readonly RoleName[] }> = Object.freeze([
  { step: 1, roles: ['Role Locker'] },
  { step: 2, roles: ['Role Copier'] },
  { step: 3, roles: ['Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy'] },
  { step: 4, roles: ['Paranormal Investigator'] },
  { step: 5, roles: ['Protector', 'Stalker'] },
  { step: 6, roles: ['Role Looker', 'Single Role Looker', 'Role Revealer'] },
  { step: 7, roles: ['Role Thief'] },
  { step: 8, roles: ['Role Swapper', 'Village Idiot'] },
  { step: 9, roles: ['Random Role Taker', 'Role Giver'] },
  { step: 10, roles: ['Tapper'] },
  { step: 11, roles: ['Item Giver'] },
  { step: 12, roles: ['Self-Checker'] },
] as Array<{ step: number; roles: RoleName[] }>);

/** The resolution step of a role, or null when it does not act at night. */
export function resolutionStepOf(role: RoleId): number | null {
  return RESOLUTION_STEPS.find((s) => (s.roles as readonly RoleId[]).includes(role))?.step ?? null;
}

/**
 * The order number a night-log entry shows (docs/rules.md "Results, notices and announcements"): the
 * role's order when the action is one of its own, else 0. A custom role (docs/rules.md "Custom roles") has
 * no mechanic: its `no_action` shows its night order.
 */
function logOrder(state: GameState, role: RoleId, type: ActionType): number {
  if (isRoleName(role)) {
    const def = ROLES[role];
    return def.actions.includes(type) ? def.actionOrder : 0;
  }
  return type === 'no_action' ? roleInfo(state, role).nightOrder : 0;
}

/** Actors of the night in seat order: each player's own action, then copy actions. */
function buildActors(state: GameState): NightActor[] {
  const actors: NightActor[] = [];
  for (const player of state.players) {
    if (player.originalRole === null) continue;
    actors.push({ player, role: player.originalRole, action: player.actionData ?? { type: 'no_action' }, isCopy: false });
  }
  for (const player of state.players) {
    // A Role Copier's second action acts for the copied role right after that role's originals.
    if (player.copyActionData && player.copiedRole) {
      actors.push({ player, role: player.copiedRole, action: player.copyActionData, isCopy: true });
    }
  }
  return actors;
}

/** Actors in resolution order (docs/rules.md "Night resolution"): steps, roles of a step, originals then copies, seat order. */
function orderActors(actors: NightActor[]): NightActor[] {
  const ordered: NightActor[] = [];
  const placed = new Set<NightActor>();
  for (const step of RESOLUTION_STEPS) {
    for (const role of step.roles) {
      for (const copy of [false, true]) {
        for (const actor of actors) {
          if (actor.role === role && actor.isCopy === copy) {
            ordered.push(actor);
            placed.add(actor);
          }
        }
      }
    }
  }
  for (const actor of actors) if (!placed.has(actor)) ordered.push(actor);
  return ordered;
}

/** Result of one actor: pass text, the role module's result, or the role's night information. */
function resolveActor(night: NightContext, actor: NightActor): ActionResult | null {
  if (actor.action.type === 'pass') {
    const info = nightInfoMessage(night.state, actor.player);
    const passed: NightMessage = { code: 'passed', params: {} };
    return { lines: info ? [info, passed] : [passed] };
  }
  const mod = roleModule(actor.role);
  if (mod.resolve) return mod.resolve(night, actor);
  const info = nightInfoMessage(night.state, actor.player);
  return info === null ? null : { lines: [info] };
}

/** Merges several results of one player (e.g. own action plus a notice) into one: lines in order, data merged. */
function mergeResults(results: ActionResult[]): ActionResult | null {
  if (results.length === 0) return null;
  if (results.length === 1) return results[0] ?? null;
  const data: NonNullable<ActionResult['data']> = {};
  const seen: NonNullable<NonNullable<ActionResult['data']>['seen']> = [];
  for (const r of results) {
    if (!r.data) continue;
    const { seen: s, ...rest } = r.data;
    if (s) seen.push(...s);
    Object.assign(data, rest);
  }
  if (seen.length > 0) data.seen = seen;
  const merged: ActionResult = { lines: results.flatMap((r) => r.lines) };
  if (Object.keys(data).length > 0) merged.data = data;
  return merged;
}

/**
 * Resolves the night on a draft state (mutated in place; docs/rules.md "Night resolution"): moves cards (with their
 * transformations), fills every player's `actionResult` (only what that player learned, notices such as
 * `stalked` included), `state.announcements` (Role Revealer) and `state.nightLog` (one
 * entry per player action and per Role Copier second action, in resolution order, then the roles without
 * a step). Requires every player to hold a card and an action (job_choice complete).
 */
export function resolveNight(state: GameState): void {
  withGameRng(state, (rng) => {
    const night = new NightContext(state, rng);
    state.announcements = [];
    const ordered = orderActors(buildActors(state));

    const log: NightLogEntry[] = [];
    for (const actor of ordered) {
      const result = resolveActor(night, actor);
      if (result) night.addResult(actor.player.userId, result);
      const entry: NightLogEntry = {
        order: logOrder(state, actor.role, actor.action.type),
        userId: actor.player.userId,
        displayName: actor.player.displayName,
        role: actor.role,
        action: { ...actor.action },
        kind: describeAction(actor.action.type, actor.role),
        // A copy: the player's result is built from the same message objects.
        result: result ? clone(result.lines) : [],
      };
      if (actor.isCopy) entry.isCopy = true;
      log.push(entry);
    }
    for (const p of state.players) p.actionResult = mergeResults(night.resultsOf(p.userId));
    state.nightLog = log;
  });
}
