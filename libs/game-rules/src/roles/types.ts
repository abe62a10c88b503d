/**
 * The shape of a per-role module. Adding a role = writing one module, registering it in
 * `roles/index.ts`, flipping `implemented` in the catalogue; its resolution step is already placed by
 * `RESOLUTION_STEPS` (docs/rules.md "Night order").
 */
import { RulesError } from '../errors.js';
import type { Rng } from '../rng.js';
import type { NightActor, NightContext } from '../night/context.js';
import { nightInfoMessage } from '../night/info.js';
import type { ActionPayload, ActionResult, ActionType, GameState, NightMessage, PlayerRef, PlayerState, RoleId } from '../types.js';

/** Behaviour of one role. */
export interface RoleModule {
  readonly role: RoleId;
  /**
   * Action types a player dealt this role (or a Role Copier that copied it) may submit now, during
   * job_choice (docs/rules.md "Submitting actions"). Roles without a choice return `['no_action']`.
   */
  allowedActions(state: GameState, player: PlayerState): ActionType[];
  /**
   * Role-specific checks on an already normalised payload (generic field checks are done by
   * `normalizeAction`). Throws RulesError.
   */
  validate?(state: GameState, player: PlayerState, action: ActionPayload): void;
  /**
   * Valid player targets for `type` when they are narrower than the generic rule (others, or anyone for
   * self-allowed types): the Tapper's neighbours, the Converter's non-bad-guys.
   */
  targets?(state: GameState, player: PlayerState, type: ActionType): string[];
  /**
   * Resolves the actor's action at the role's step and returns what the actor learned (null: nothing).
   * Never called for `pass`. Called for `no_action` (Self-Checker acts without choosing).
   */
  resolve?(night: NightContext, actor: NightActor): ActionResult | null;
  /** A valid, plausible choice for a bot dealt this role (or copying it), drawn from the game RNG. */
  botAction(state: GameState, bot: PlayerState, rng: Rng): ActionPayload;
}

/** Other players of the game, in seat order. */
export function othersOf(state: GameState, player: PlayerState): PlayerState[] {
  return state.players.filter((p) => p.userId !== player.userId);
}

/** A player as messages name it (docs/rules.md "Message codes"). */
export function playerRef(p: Pick<PlayerState, 'userId' | 'displayName'>): PlayerRef {
  return { userId: p.userId, displayName: p.displayName };
}

/** A night result of these lines (and data, when any). */
export function result(lines: NightMessage[], data?: ActionResult['data']): ActionResult {
  return data && Object.keys(data).length > 0 ? { lines, data } : { lines };
}

/**
 * A `seen` entry of a player's card: what it is at this step, printed role only (never a transformation:
 * docs/rules.md "Transformation secrecy").
 */
export function seenPlayer(userId: string, displayName: string, role: RoleId) {
  return { userId, displayName, role };
}

/** A `seen` entry of a center card (printed role only). */
export function seenCenter(centerIndex: number, role: RoleId) {
  return { centerIndex, role };
}

/** The actor's night information (its fellow wolves...) followed by `lines`: what a waking role learns first. */
export function withInfo(night: NightContext, actor: NightActor, ...lines: NightMessage[]): NightMessage[] {
  const info = nightInfoMessage(night.state, actor.player);
  return info ? [info, ...lines] : lines;
}

/** Throws the standard "not a valid target" error of docs/rules.md "Submitting actions". */
export function invalidTarget(message: string): never {
  throw new RulesError('INVALID_TARGET', message, 'Invalid Action');
}

/**
 * Builds a passive role module: no choice, submits `no_action`, nothing to resolve. Also the module of every
 * custom role (docs/rules.md "Custom roles"): its holder sees an information screen and continues.
 */
export function passiveRole(role: RoleId): RoleModule {
  return {
    role,
    allowedActions: () => ['no_action'],
    botAction: () => ({ type: 'no_action' }),
  };
}
