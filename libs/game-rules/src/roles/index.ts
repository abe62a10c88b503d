/**
 * Registry of the implemented role modules. A role without a module cannot be selected (the catalogue's
 * `implemented` flag mirrors this table; a unit test checks both agree).
 */
import type { ActionType, GameState, PlayerState, RoleName } from '../types.js';
import { badGuy } from './bad-guy.js';
import { randomRoleTaker } from './random-role-taker.js';
import { roleLooker } from './role-looker.js';
import { roleSwapper } from './role-swapper.js';
import { roleThief } from './role-thief.js';
import { selfChecker } from './self-checker.js';
import { passiveRole, type RoleModule } from './types.js';

/** Re-export of the module shape for role authors. */
export type { RoleModule } from './types.js';

/** Implemented roles' behaviour, by role name. */
export const ROLE_MODULES: Readonly<Partial<Record<RoleName, RoleModule>>> = Object.freeze({
  'Bad Guy': badGuy,
  'Bad Guy Helper': passiveRole('Bad Guy Helper'),
  'Mutual Knowers': passiveRole('Mutual Knowers'),
  'Role Looker': roleLooker,
  'Role Thief': roleThief,
  'Role Swapper': roleSwapper,
  'Random Role Taker': randomRoleTaker,
  'Self-Checker': selfChecker,
  'Revenge Voter': passiveRole('Revenge Voter'),
  'Self-Eliminator': passiveRole('Self-Eliminator'),
  'Basic Good Guy': passiveRole('Basic Good Guy'),
});

/**
 * The module of a role. Roles without one (not implemented yet) behave as passive roles, so that a
 * hand-built state holding them (tests, admin role changes) still resolves.
 */
export function roleModule(role: RoleName): RoleModule {
  return ROLE_MODULES[role] ?? passiveRole(role);
}

/**
 * Action types `player` may submit now (job_choice, not yet submitted), from its dealt role
 * (RULES.md section 5). Empty outside job_choice or after submission.
 */
export function allowedActionsFor(state: GameState, player: PlayerState): ActionType[] {
  if (state.phase !== 'job_choice' || player.hasSubmitted || player.originalRole === null) return [];
  return roleModule(player.originalRole).allowedActions(state, player);
}
