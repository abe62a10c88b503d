/**
 * Bot decisions (docs/rules.md "Bots": a bot's night action is chosen by the engine and always valid; spec
 * 000 section 9 for the lobby role of a new bot). Every random choice is drawn from a seeded {@link Rng}.
 */
import { AVAILABLE_ROLES, ROLES } from './catalogue.js';
import { cardTeam, isWolfCard } from './custom-roles.js';
import { nightInfoFor, nightRole } from './night/info.js';
import type { Rng } from './rng.js';
import { roleModule, submittingRole } from './roles/index.js';
import type { ActionPayload, GameState, PlayerState, RoleId, RoleName } from './types.js';

/**
 * The role a new lobby bot adds to the selection: a random selectable, implemented role still under its
 * cap in `selectedRoles`, falling back to Basic Good Guy (spec 000 section 9). Always a catalogue role:
 * custom roles are added by the host only.
 */
export function botLobbyRole(selectedRoles: readonly RoleId[], rng: Rng): RoleName {
  const candidates = AVAILABLE_ROLES.filter(
    (r) => selectedRoles.filter((s) => s === r).length < ROLES[r].maxCount,
  );
  return candidates.length > 0 ? rng.pick(candidates) : 'Basic Good Guy';
}

/**
 * A bot's night action for its dealt role, or for the copied role when it is a Role Copier's second
 * action: valid (docs/rules.md "Submitting actions") and plausible.
 * @throws Error when the bot holds no dealt role (engine bug)
 */
export function botChooseAction(state: GameState, bot: PlayerState, rng: Rng): ActionPayload {
  const role = submittingRole(bot);
  if (role === null) throw new Error('botChooseAction: bot has no role');
  return roleModule(role).botAction(state, bot, rng);
}

/**
 * True when the bot believes it is on the bad team: it was dealt (or copied) a bad-team role (a custom
 * `werewolf` role included), or its investigation turned it into a bad guy.
 */
function botOnBadTeam(state: GameState, bot: PlayerState): boolean {
  const role = nightRole(bot);
  if (role !== null && cardTeam(state, role) === 'bad') return true;
  return bot.actionResult?.data?.becameTeam === 'bad';
}

/**
 * A bot's vote: the userId to vote for, or null to abstain. A bad-team bot never votes for a teammate it
 * knows: the wolves shown at night (Isolated and copied wolves included), a player it converted, a player
 * it saw holding a wolf card. A good bot votes for a player it saw holding a wolf card, and does not vote
 * for a Mutual Knower it knows; otherwise a random other player.
 */
export function botChooseVote(state: GameState, bot: PlayerState, rng: Rng): string | null {
  const others = state.players.filter((p) => p.userId !== bot.userId);
  const info = nightInfoFor(state, bot);
  const avoid = new Set<string>();
  const data = bot.actionResult?.data;
  const seenWolves = (data?.seen ?? [])
    .filter((s) => s.userId !== undefined && s.userId !== bot.userId && isWolfCard(state, s.role))
    .map((s) => s.userId as string);
  const badTeam = botOnBadTeam(state, bot);
  if (badTeam) {
    for (const b of info?.badGuys ?? []) avoid.add(b.userId);
    for (const id of seenWolves) avoid.add(id);
    for (const p of state.players) if (p.convertedBy === bot.userId) avoid.add(p.userId);
  } else {
    for (const m of info?.mutualKnowers ?? []) avoid.add(m.userId);
    if (seenWolves.length > 0) return rng.pick(seenWolves);
  }
  const candidates = others.filter((p) => !avoid.has(p.userId));
  if (candidates.length === 0) return badTeam ? null : others.length > 0 ? rng.pick(others).userId : null;
  return rng.pick(candidates).userId;
}
