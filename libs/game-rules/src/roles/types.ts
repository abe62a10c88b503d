/**
 * The shape of a per-role module. Adding a role = writing one module, registering it in
 * `roles/index.ts`, flipping `implemented` in the catalogue; its resolution step is already placed by
 * `RESOLUTION_STEPS` (RULES.md section 3).
 */
import type { Rng } from '../rng.js';
import type { NightActor, NightContext } from '../night/context.js';
import type { ActionPayload, ActionResult, ActionType, GameState, PlayerState, RoleName } from '../types.js';

/** Behaviour of one role. */
export interface RoleModule {
  readonly role: RoleName;
  /**
   * Action types a player dealt this role may submit now, during job_choice (RULES.md section 5).
   * Roles without a choice return `['no_action']`.
   */
  allowedActions(state: GameState, player: PlayerState): ActionType[];
  /**
   * Role-specific checks on an already normalised payload (generic field checks are done by
   * `normalizeAction`). Throws RulesError.
   */
  validate?(state: GameState, player: PlayerState, action: ActionPayload): void;
  /**
   * Resolves the actor's action at the role's step and returns what the actor learned (null: nothing).
   * Never called for `pass`. Called for `no_action` (Self-Checker acts without choosing).
   */
  resolve?(night: NightContext, actor: NightActor): ActionResult | null;
  /** A valid, plausible choice for a bot dealt this role, drawn from the game RNG. */
  botAction(state: GameState, bot: PlayerState, rng: Rng): ActionPayload;
}

/** Other players of the game, in seat order. */
export function othersOf(state: GameState, player: PlayerState): PlayerState[] {
  return state.players.filter((p) => p.userId !== player.userId);
}

/** Text for a center index shown to players (1-based: "center card 2"). */
export function centerLabel(index: number): string {
  return `center card ${index + 1}`;
}

/** Builds a passive role module: no choice, submits `no_action`, nothing to resolve. */
export function passiveRole(role: RoleName): RoleModule {
  return {
    role,
    allowedActions: () => ['no_action'],
    botAction: () => ({ type: 'no_action' }),
  };
}
