/**
 * What each player knows from the start of the night (spec 000 section 2 "Per-role information
 * screens"; docs/rules.md "Roles", "Learns" column): fellow wolves, the Helper's wolves, the other
 * Mutual Knowers, the Seer Knower's Role Lookers, and the lone-wolf flag (docs/rules.md "Night order", step 3).
 *
 * A Role Copier wakes as the role it copied (docs/rules.md "Night order", step 2): once it has copied (during
 * job_choice), it is counted and shown as that role here. Only the dealt cards and the copies are used,
 * never a card moved during the night, so this information never leaks the resolution.
 */
import { isWolfCard } from '../custom-roles.js';
import type { GameState, NightInfo, NightMessage, PlayerRef, PlayerState, RoleId, RoleName } from '../types.js';

/** Wolf cards whose holders wake together and see each other (the Isolated Bad Guy does not wake). */
export const WAKING_WOLVES: readonly RoleName[] = ['Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy'];

/**
 * The role a player wakes as (docs/rules.md "Night order", step 2): the dealt card, or for a Role Copier that has
 * copied, the copied role. Null before the deal.
 */
export function nightRole(player: PlayerState): RoleId | null {
  if (player.originalRole === 'Role Copier' && player.copiedRole) return player.copiedRole;
  return player.originalRole;
}

/**
 * Players who are wolves at night, in seat order: dealt a wolf card (the Isolated Bad Guy and a custom
 * `werewolf` role included: docs/rules.md "Custom roles") or a Role Copier that copied one
 * (docs/rules.md "Night order", steps 2-3).
 */
export function dealtWolves(state: GameState): PlayerState[] {
  return state.players.filter((p) => {
    const r = nightRole(p);
    return r !== null && isWolfCard(state, r);
  });
}

/**
 * True when `player` was dealt a Bad Guy and is the only wolf at night (docs/rules.md "Night order", step 3: the
 * Isolated Bad Guy counts as a wolf for this test, and so does a Role Copier that copied a wolf).
 */
export function isLoneWolf(state: GameState, player: PlayerState): boolean {
  if (nightRole(player) !== 'Bad Guy') return false;
  const wolves = dealtWolves(state);
  return wolves.length === 1 && wolves[0]?.userId === player.userId;
}

/**
 * The night information screen of a player, from the dealt cards and the copies; null when the role
 * sees nothing. Wolves that wake see the other wolves (Isolated and copied wolves included, a Copier
 * listed with the role it copied); the Isolated Bad Guy sees nothing; the Helper sees every wolf; Mutual
 * Knowers see the others; the Seer Knower sees who was dealt the Role Looker.
 */
export function nightInfoFor(state: GameState, player: PlayerState): NightInfo | null {
  const role = nightRole(player);
  if (role === null) return null;
  const entry = (p: PlayerState) => ({ userId: p.userId, displayName: p.displayName, role: nightRole(p) as RoleId });
  if ((WAKING_WOLVES as readonly RoleId[]).includes(role)) {
    const others = dealtWolves(state).filter((p) => p.userId !== player.userId);
    const info: NightInfo = { badGuys: others.map(entry) };
    if (role === 'Bad Guy') info.loneWolf = isLoneWolf(state, player);
    return info;
  }
  if (role === 'Bad Guy Helper') return { badGuys: dealtWolves(state).filter((p) => p.userId !== player.userId).map(entry) };
  if (role === 'Mutual Knowers') {
    return {
      mutualKnowers: state.players
        .filter((p) => nightRole(p) === 'Mutual Knowers' && p.userId !== player.userId)
        .map((p) => ({ userId: p.userId, displayName: p.displayName })),
    };
  }
  if (role === 'Seer Knower') {
    return {
      roleLookers: state.players
        .filter((p) => p.originalRole === 'Role Looker' && p.userId !== player.userId)
        .map((p) => ({ userId: p.userId, displayName: p.displayName })),
    };
  }
  return null;
}

/**
 * The night information as a message for the night results and the night log (docs/rules.md "Message
 * codes": `fellow_wolves`, `helper_wolves`, `other_mutual_knowers`, `role_lookers`), or null when the role
 * learns nothing at night.
 */
export function nightInfoMessage(state: GameState, player: PlayerState): NightMessage | null {
  const info = nightInfoFor(state, player);
  if (!info) return null;
  const refs = (list: Array<{ userId: string; displayName: string }>): PlayerRef[] => list.map((p) => ({ userId: p.userId, displayName: p.displayName }));
  if (info.badGuys) {
    const players = refs(info.badGuys);
    return nightRole(player) === 'Bad Guy Helper' ? { code: 'helper_wolves', params: { players } } : { code: 'fellow_wolves', params: { players } };
  }
  if (info.mutualKnowers) return { code: 'other_mutual_knowers', params: { players: refs(info.mutualKnowers) } };
  if (info.roleLookers) return { code: 'role_lookers', params: { players: refs(info.roleLookers) } };
  return null;
}
