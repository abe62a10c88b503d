/**
 * Registry of the role modules (every selectable role; docs/rules.md "Roles"). A role without a module
 * cannot be selected (the catalogue's `implemented` flag mirrors this table; a unit test checks both agree).
 */
import { canTargetSelf, targetsPlayers } from '../actions.js';
import type { ActionType, GameState, PlayerState, RoleId, RoleName } from '../types.js';
import { advancedBadGuy } from './advanced-bad-guy.js';
import { badGuyConverter } from './bad-guy-converter.js';
import { badGuy } from './bad-guy.js';
import { itemGiver } from './item-giver.js';
import { paranormalInvestigator } from './paranormal-investigator.js';
import { protector } from './protector.js';
import { randomRoleTaker } from './random-role-taker.js';
import { roleCopier } from './role-copier.js';
import { roleGiver } from './role-giver.js';
import { roleLocker } from './role-locker.js';
import { roleLooker } from './role-looker.js';
import { roleRevealer } from './role-revealer.js';
import { roleSwapper } from './role-swapper.js';
import { roleThief } from './role-thief.js';
import { selfChecker } from './self-checker.js';
import { singleRoleLooker } from './single-role-looker.js';
import { stalker } from './stalker.js';
import { tapper } from './tapper.js';
import { villageIdiot } from './village-idiot.js';
import { passiveRole, type RoleModule } from './types.js';

/** Re-export of the module shape for role authors. */
export type { RoleModule } from './types.js';

/** Every selectable role's behaviour, by role name. */
export const ROLE_MODULES: Readonly<Partial<Record<RoleName, RoleModule>>> = Object.freeze({
  'Bad Guy': badGuy,
  'Bad Guy Converter': badGuyConverter,
  'Advanced Bad Guy': advancedBadGuy,
  'Isolated Bad Guy': passiveRole('Isolated Bad Guy'),
  'Bad Guy Helper': passiveRole('Bad Guy Helper'),
  'Role Locker': roleLocker,
  'Role Copier': roleCopier,
  'Paranormal Investigator': paranormalInvestigator,
  Protector: protector,
  Stalker: stalker,
  'Role Looker': roleLooker,
  'Single Role Looker': singleRoleLooker,
  'Role Revealer': roleRevealer,
  'Role Thief': roleThief,
  'Role Swapper': roleSwapper,
  'Village Idiot': villageIdiot,
  'Random Role Taker': randomRoleTaker,
  'Role Giver': roleGiver,
  Tapper: tapper,
  'Item Giver': itemGiver,
  'Self-Checker': selfChecker,
  'Mutual Knowers': passiveRole('Mutual Knowers'),
  'Seer Knower': passiveRole('Seer Knower'),
  'Revenge Voter': passiveRole('Revenge Voter'),
  'Self-Eliminator': passiveRole('Self-Eliminator'),
  'Basic Good Guy': passiveRole('Basic Good Guy'),
});

const PASSIVE = new Map<RoleId, RoleModule>();
/** Bound of the passive-module cache (custom role ids are unbounded; beyond it modules are built per call). */
const CUSTOM_PASSIVE_CACHE_MAX = 1000;

/**
 * The module of a role. Roles without one (the non-selectable ones, and every custom role: docs/rules.md
 * "Custom roles") behave as passive roles, so that they submit `no_action` and a hand-built state holding
 * them (tests, admin role changes) still resolves.
 */
export function roleModule(role: RoleId): RoleModule {
  const mod = ROLE_MODULES[role as RoleName];
  if (mod) return mod;
  let passive = PASSIVE.get(role);
  if (!passive) {
    passive = passiveRole(role);
    if (PASSIVE.size < CUSTOM_PASSIVE_CACHE_MAX) PASSIVE.set(role, passive);
  }
  return passive;
}

/**
 * The copied role when `player` is a Role Copier that has copied and still owes its second action
 * (docs/rules.md "Night order", step 2), else null.
 */
export function copyStageRole(player: PlayerState): RoleId | null {
  if (player.originalRole !== 'Role Copier' || player.hasSubmitted) return null;
  if (player.actionData?.type !== 'copy_role' || !player.copiedRole) return null;
  return player.copiedRole;
}

/**
 * The role whose rules apply to `player`'s next submission: the copied role for a Role Copier's second
 * action, else the dealt role. Null before the deal.
 */
export function submittingRole(player: PlayerState): RoleId | null {
  return copyStageRole(player) ?? player.originalRole;
}

/**
 * Action types `player` may submit now (job_choice, not yet submitted), from its dealt role, or from the
 * copied role for a Role Copier's second action (docs/rules.md "Submitting actions"). Empty outside job_choice or after
 * submission.
 */
export function allowedActionsFor(state: GameState, player: PlayerState): ActionType[] {
  if (state.phase !== 'job_choice' || player.hasSubmitted) return [];
  const role = submittingRole(player);
  if (role === null) return [];
  return roleModule(role).allowedActions(state, player);
}

/**
 * Valid player targets (userIds, seat order) per allowed action type of `player` now, for the pickers
 * (docs/rules.md "Submitting actions"): every other player, every player where self is allowed, or the role's own
 * narrower set (Tapper's neighbours, Converter's non-bad-guys). Empty object when nothing is allowed.
 */
export function validTargetsFor(state: GameState, player: PlayerState): Partial<Record<ActionType, string[]>> {
  const out: Partial<Record<ActionType, string[]>> = {};
  const allowed = allowedActionsFor(state, player);
  if (allowed.length === 0) return out;
  const mod = roleModule(submittingRole(player) as RoleId);
  for (const type of allowed) {
    if (!targetsPlayers(type)) continue;
    const self = canTargetSelf(type);
    out[type] = mod.targets
      ? mod.targets(state, player, type)
      : state.players.filter((p) => self || p.userId !== player.userId).map((p) => p.userId);
  }
  return out;
}
