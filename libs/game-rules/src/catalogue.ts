/**
 * The role catalogue (docs/rules.md "Roles"; spec 000 section 3 "Canonical roles", "Role behaviours",
 * "Night action order"). Static data only: behaviour lives in `src/roles/` (one module per role) and the
 * resolution sequence in `src/night/resolve.ts`.
 */
import type { ActionType, CustomRoleDef, RoleDefinition, RoleId, RoleName, Team } from './types.js';

type Def = Omit<RoleDefinition, 'name' | 'displayName' | 'maxCount' | 'selectable' | 'isWolf'> & {
  displayName?: string;
  maxCount?: number;
  selectable?: boolean;
  isWolf?: boolean;
};

const A = (...types: ActionType[]): ActionType[] => types;

/** Catalogue rows in docs/rules.md "Roles" order. */
const DEFS: ReadonlyArray<[RoleName, Def]> = [
  ['Bad Guy', {
    classicName: 'Werewolf', team: 'bad', isWolf: true, maxCount: 2,
    description: 'A hidden enemy. At night the bad guys open their eyes and see each other.',
    instructions: 'Look for your fellow bad guys. If you are the only bad guy, you may look at one center card.',
    winCondition: 'Your team wins if no bad guy is eliminated in the vote.',
    hasNightAction: true, actionOrder: 1, actions: A('view_center_card', 'pass'), implemented: true,
  }],
  ['Bad Guy Converter', {
    classicName: 'Alpha Wolf', team: 'bad', isWolf: true,
    description: 'A bad guy who can turn another player into a bad guy using the bad-guy pile.',
    instructions: 'You may swap the bad-guy pile card with the card of a player who is not a bad guy.',
    winCondition: 'Your team wins if no bad guy is eliminated in the vote.',
    hasNightAction: true, actionOrder: 1, actions: A('convert_player', 'pass'), implemented: true,
  }],
  ['Advanced Bad Guy', {
    classicName: 'Mystic Wolf', team: 'bad', isWolf: true,
    description: 'A bad guy who may look at one other player\'s card.',
    instructions: 'You see your fellow bad guys. You may look at one other player\'s card.',
    winCondition: 'Your team wins if no bad guy is eliminated in the vote.',
    hasNightAction: true, actionOrder: 1, actions: A('view_player', 'pass'), implemented: true,
  }],
  ['Isolated Bad Guy', {
    classicName: 'Dream Wolf', team: 'bad', isWolf: true,
    description: 'A bad guy who does not wake up with the others. The other bad guys know who you are.',
    instructions: 'You have no night action and do not see the other bad guys.',
    winCondition: 'Your team wins if no bad guy is eliminated in the vote.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Bad Guy Helper', {
    classicName: 'Minion', team: 'bad',
    description: 'Knows who the bad guys are, but they do not know the helper. Not a bad guy yourself.',
    instructions: 'You see the bad guys. Protect them during the discussion.',
    winCondition: 'You win with the bad guys. If there are no bad guys, you win if someone other than you is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Role Locker', {
    classicName: 'Sentinel', team: 'good',
    description: 'Places a shield on one card: it cannot be viewed or moved for the rest of the night.',
    instructions: 'Choose any player (yourself included) to shield, or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 1, actions: A('protect_player', 'pass'), implemented: true,
  }],
  ['Role Copier', {
    classicName: 'Doppelganger', team: 'good',
    description: 'Copies another player\'s role and becomes that role for the rest of the game.',
    instructions: 'Choose another player to copy. If the copied role has a night action, you perform it too.',
    winCondition: 'You win with the team of the role you copied.',
    hasNightAction: true, actionOrder: 1, actions: A('copy_role'), implemented: true,
  }],
  ['Paranormal Investigator', {
    classicName: 'Paranormal Investigator', displayName: 'Role Investigator', team: 'good',
    description: 'Looks at up to two players, one at a time. Seeing a bad guy or a Self-Eliminator turns you into one.',
    instructions: 'Choose one or two other players to investigate, or pass.',
    winCondition: 'You win with the Good Team, unless you became a bad guy or a Self-Eliminator.',
    hasNightAction: true, actionOrder: 2, actions: A('investigate_players', 'pass'), implemented: true,
  }],
  ['Protector', {
    classicName: 'Bodyguard', team: 'good',
    description: 'Protects another player: that player cannot be eliminated by the vote.',
    instructions: 'Choose another player to protect from elimination.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 3, actions: A('protect_from_death'), implemented: true,
  }],
  ['Stalker', {
    classicName: null, team: 'neutral',
    description: 'Picks a target at night and wins only if that player is eliminated.',
    instructions: 'Choose another player as your target.',
    winCondition: 'You win if your target is eliminated, whatever else happens.',
    hasNightAction: true, actionOrder: 3, actions: A('target_player'), implemented: true,
  }],
  ['Role Looker', {
    classicName: 'Seer', team: 'good',
    description: 'Looks at one other player\'s card or at two of the center cards.',
    instructions: 'Choose one other player to look at, or two center cards, or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 4, actions: A('view_player', 'view_center', 'view_werewolf_pile', 'pass'), implemented: true,
  }],
  ['Single Role Looker', {
    classicName: 'Apprentice Seer', team: 'good',
    description: 'Looks at one of the center cards.',
    instructions: 'Choose one center card to look at, or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 4, actions: A('view_center_card', 'view_werewolf_pile', 'pass'), implemented: true,
  }],
  ['Role Revealer', {
    classicName: 'Revealer', team: 'good',
    description: 'Reveals to everyone whether another player\'s card is on the Good Team, the Bad Team or Neutral.',
    instructions: 'Choose another player whose card will be announced at the start of the discussion, or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 4, actions: A('reveal_player', 'pass'), implemented: true,
  }],
  ['Role Thief', {
    classicName: 'Robber', team: 'good',
    description: 'Swaps cards with another player and looks at the new card.',
    instructions: 'Choose another player to rob, or pass. You become the role you steal.',
    winCondition: 'You win with the team of the card you hold at the end of the night.',
    hasNightAction: true, actionOrder: 5, actions: A('rob_player', 'pass'), implemented: true,
  }],
  ['Role Swapper', {
    classicName: 'Troublemaker', team: 'good',
    description: 'Swaps the cards of two other players without looking at them.',
    instructions: 'Choose two other players whose cards will be swapped, or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 6, actions: A('swap_players', 'pass'), implemented: true,
  }],
  ['Village Idiot', {
    classicName: 'Village Idiot', displayName: 'All Role Switcher', team: 'good',
    description: 'Moves every other player\'s card one seat to the left or to the right.',
    instructions: 'Choose a direction: left moves every other card to the next lower seat, right to the next higher seat (shielded cards stay). This cannot be skipped.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 6, actions: A('shift_cards'), implemented: true,
  }],
  ['Random Role Taker', {
    classicName: 'Drunk', team: 'good',
    description: 'Swaps their card with a center card without looking at it.',
    instructions: 'Choose one of the three center cards (the first by default). You will not know your new role.',
    winCondition: 'You win with the team of the card you hold at the end of the night.',
    hasNightAction: true, actionOrder: 7, actions: A('swap_center'), implemented: true,
  }],
  ['Role Giver', {
    classicName: 'Witch', team: 'good',
    description: 'Looks at a center card and may give it to any player, taking that player\'s card to the center.',
    instructions: 'Choose a center card and a player (yourself included), or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 7, actions: A('view_and_swap', 'pass'), implemented: true,
  }],
  ['Tapper', {
    classicName: 'Thing', team: 'good',
    description: 'Taps a neighbour on the shoulder; the tapped player learns it.',
    instructions: 'Choose a player seated next to you to tap.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 8, actions: A('tap_player'), implemented: true,
  }],
  ['Item Giver', {
    classicName: 'Curator', team: 'good',
    description: 'Gives a random artifact to a player; the artifact may change that player\'s team.',
    instructions: 'Choose any player (yourself included) to receive a random artifact, or pass.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: true, actionOrder: 9, actions: A('assign_artifact', 'pass'), implemented: true,
  }],
  ['Self-Checker', {
    classicName: 'Insomniac', team: 'good',
    description: 'Wakes up last and looks at their own card to see whether it changed.',
    instructions: 'Nothing to choose: at the end of the night you see your final card.',
    winCondition: 'You win with the team of the card you hold at the end of the night.',
    hasNightAction: true, actionOrder: 10, actions: A('no_action'), implemented: true,
  }],
  ['Mutual Knowers', {
    classicName: 'Mason', team: 'good', maxCount: 2,
    description: 'The Mutual Knowers wake up together and know each other.',
    instructions: 'You see the other Mutual Knower, if there is one among the players.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Seer Knower', {
    classicName: 'Beholder', team: 'good',
    description: 'Knows who the Role Looker is.',
    instructions: 'You see who was dealt the Role Looker.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Revenge Voter', {
    classicName: 'Hunter', team: 'good',
    description: 'If eliminated, the player they voted for is eliminated too.',
    instructions: 'No night action. Choose your vote carefully.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Basic Good Guy', {
    classicName: 'Villager', displayName: 'Basic Good Guy', team: 'good', maxCount: 3,
    description: 'An ordinary member of the Good Team with no special ability.',
    instructions: 'No night action. Find the bad guys during the discussion.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Self-Eliminator', {
    classicName: 'Tanner', team: 'neutral',
    description: 'Hates the job and wants to be eliminated.',
    instructions: 'No night action. Get the others to vote for you.',
    winCondition: 'You win if you are eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: true,
  }],
  ['Uneliminatable Player', {
    classicName: 'Prince', team: 'good', selectable: false,
    description: 'Cannot be eliminated by the vote.',
    instructions: 'No night action.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: false,
  }],
  ['Aura Seer', {
    classicName: 'Aura Seer', team: 'good', selectable: false,
    description: 'Sees which players moved or viewed a card during the night.',
    instructions: 'No night action in this game.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: false,
  }],
  ['Copycat', {
    classicName: 'Copycat', team: 'good', selectable: false,
    description: 'Becomes a copy of a center card.',
    instructions: 'No night action in this game.',
    winCondition: 'You win with the team of the role you copied.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: false,
  }],
  ['Old Hag', {
    classicName: 'Old Hag', team: 'good', selectable: false,
    description: 'A multi-night role, kept for theme completeness.',
    instructions: 'No night action in this game.',
    winCondition: 'You win with the Good Team if at least one bad guy is eliminated.',
    hasNightAction: false, actionOrder: 0, actions: A(), implemented: false,
  }],
];

function freezeDef(name: RoleName, d: Def): RoleDefinition {
  const def: RoleDefinition = {
    name,
    classicName: d.classicName,
    displayName: d.displayName ?? name,
    team: d.team,
    isWolf: d.isWolf ?? false,
    description: d.description,
    instructions: d.instructions,
    winCondition: d.winCondition,
    hasNightAction: d.hasNightAction,
    actionOrder: d.actionOrder,
    actions: Object.freeze(d.actions.slice()) as ActionType[],
    maxCount: d.maxCount ?? 1,
    selectable: d.selectable ?? true,
    implemented: d.implemented,
  };
  return Object.freeze(def);
}

/** Every canonical role by name (30 entries; docs/rules.md "Roles"). Frozen. */
export const ROLES: Readonly<Record<RoleName, RoleDefinition>> = Object.freeze(
  Object.fromEntries(DEFS.map(([name, d]) => [name, freezeDef(name, d)])) as Record<RoleName, RoleDefinition>,
);

/** All 30 role definitions in catalogue order (docs/rules.md "Roles" table order). */
export const ROLE_LIST: readonly RoleDefinition[] = Object.freeze(DEFS.map(([name]) => ROLES[name]));

/** The 26 roles a lobby may show (spec 000 section 1: all but Uneliminatable Player, Aura Seer, Copycat, Old Hag). */
export const SELECTABLE_ROLES: readonly RoleName[] = Object.freeze(
  ROLE_LIST.filter((r) => r.selectable).map((r) => r.name),
);

/** Roles a host may select now: selectable and implemented by this engine version. */
export const AVAILABLE_ROLES: readonly RoleName[] = Object.freeze(
  ROLE_LIST.filter((r) => r.selectable && r.implemented).map((r) => r.name),
);

/**
 * Roles with a night action grouped by the order number shown to players (spec 000 section 3 "Night
 * action order"; docs/rules.md "Roles"), ascending. Within a group, catalogue order. The exact resolution
 * sequence is `RESOLUTION_STEPS` (docs/rules.md "Night order").
 */
export const NIGHT_ORDER: ReadonlyArray<{ readonly order: number; readonly roles: readonly RoleName[] }> = Object.freeze(
  [...new Set(ROLE_LIST.filter((r) => r.actionOrder > 0).map((r) => r.actionOrder))]
    .sort((a, b) => a - b)
    .map((order) =>
      Object.freeze({ order, roles: Object.freeze(ROLE_LIST.filter((r) => r.actionOrder === order).map((r) => r.name)) }),
    ),
);

const ROLE_NAMES: ReadonlySet<string> = new Set(Object.keys(ROLES));

/** True when `name` is one of the 30 canonical role names. */
export function isRoleName(name: unknown): name is RoleName {
  return typeof name === 'string' && ROLE_NAMES.has(name);
}

/**
 * Team printed on a card (docs/rules.md "Roles"). Roles whose team is "as copied/stolen/taken" report
 * 'good', the team of the card before any night change.
 * @throws RangeError for an unknown role name
 */
export function roleTeam(role: RoleName): Team {
  const def = ROLES[role];
  if (!def) throw new RangeError(`Unknown role: ${String(role)}`);
  return def.team;
}

/** True for the cards that count as wolves (docs/rules.md "Roles": Bad Guy, Converter, Advanced, Isolated). */
export function isWolfRole(role: RoleName): boolean {
  return ROLES[role]?.isWolf === true;
}

/**
 * The night order number shown to players for a role ("acts in position #N"), 0 when it has no action.
 */
export function nightOrderOf(role: RoleName): number {
  return ROLES[role]?.actionOrder ?? 0;
}

/**
 * The distinct roles of a selection that act at night, sorted by their order number then catalogue
 * order (spec 000 section 2 "Discussion view: the roles in the game with their night-order numbers").
 * Custom roles (docs/rules.md "Custom roles") with a night order above 0 are listed too, by their order,
 * after the catalogue roles of the same number, when their definitions are given (a view's
 * `game.customRoles` or the state's).
 */
export function rolesInNightOrder(
  roles: readonly RoleId[],
  customRoles: readonly CustomRoleDef[] = [],
): Array<{ role: RoleId; order: number }> {
  const distinct = new Set<string>(roles);
  const catalogue: Array<{ role: RoleId; order: number }> = ROLE_LIST.filter((r) => distinct.has(r.name) && r.actionOrder > 0).map(
    (r) => ({ role: r.name, order: r.actionOrder }),
  );
  const custom = customRoles.filter((d) => distinct.has(d.id) && d.nightOrder > 0).map((d) => ({ role: d.id as RoleId, order: d.nightOrder }));
  return [...catalogue, ...custom].sort((a, b) => a.order - b.order);
}

/** Display name of a role in the generic theme ('Village Idiot' -> 'All Role Switcher'). */
export function displayNameOf(role: RoleName): string {
  return ROLES[role]?.displayName ?? role;
}
