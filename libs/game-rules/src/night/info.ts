/**
 * What each dealt role knows from the start of the night (spec 000 section 2 "Per-role information
 * screens"; RULES.md section 2 "info shown at night"): fellow wolves, the Helper's wolves, the other
 * Mutual Knowers, the Seer Knower's Role Lookers, and the lone-wolf flag (RULES.md section 3 step 3).
 */
import { isWolfRole } from '../catalogue.js';
import type { GameState, NightInfo, PlayerState, RoleName } from '../types.js';
import { joinNames } from '../util.js';

/** Wolf cards whose holders wake together and see each other (the Isolated Bad Guy does not wake). */
export const WAKING_WOLVES: readonly RoleName[] = ['Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy'];

/** Players who were dealt a wolf card (the Isolated Bad Guy included), in seat order. */
export function dealtWolves(state: GameState): PlayerState[] {
  return state.players.filter((p) => p.originalRole !== null && isWolfRole(p.originalRole));
}

/**
 * True when `player` was dealt a Bad Guy and is the only player dealt a wolf card (RULES.md section 3
 * step 3: "the Isolated Bad Guy counts as a wolf for this test").
 */
export function isLoneWolf(state: GameState, player: PlayerState): boolean {
  if (player.originalRole !== 'Bad Guy') return false;
  const wolves = dealtWolves(state);
  return wolves.length === 1 && wolves[0]?.userId === player.userId;
}

/**
 * The night information screen of a player, from the dealt cards; null when the role sees nothing.
 * Wolves that wake see the other wolves (Isolated included); the Isolated Bad Guy sees nothing; the
 * Helper sees every wolf; Mutual Knowers see the others; the Seer Knower sees the Role Looker(s).
 */
export function nightInfoFor(state: GameState, player: PlayerState): NightInfo | null {
  const role = player.originalRole;
  if (role === null) return null;
  const entry = (p: PlayerState) => ({ userId: p.userId, displayName: p.displayName, role: p.originalRole as RoleName });
  if (WAKING_WOLVES.includes(role)) {
    const others = dealtWolves(state).filter((p) => p.userId !== player.userId);
    const info: NightInfo = { badGuys: others.map(entry) };
    if (role === 'Bad Guy') info.loneWolf = isLoneWolf(state, player);
    return info;
  }
  if (role === 'Bad Guy Helper') return { badGuys: dealtWolves(state).map(entry) };
  if (role === 'Mutual Knowers') {
    return {
      mutualKnowers: state.players
        .filter((p) => p.originalRole === 'Mutual Knowers' && p.userId !== player.userId)
        .map((p) => ({ userId: p.userId, displayName: p.displayName })),
    };
  }
  if (role === 'Seer Knower') {
    return {
      roleLookers: state.players
        .filter((p) => p.originalRole === 'Role Looker')
        .map((p) => ({ userId: p.userId, displayName: p.displayName })),
    };
  }
  return null;
}

/**
 * The night information as a sentence for the night results and the night log, or null when the
 * role learns nothing at night.
 */
export function nightInfoText(state: GameState, player: PlayerState): string | null {
  const info = nightInfoFor(state, player);
  if (!info) return null;
  if (info.badGuys) {
    const names = info.badGuys.map((b) => b.displayName);
    if (player.originalRole === 'Bad Guy Helper') {
      return names.length === 0
        ? 'There are no bad guys among the players.'
        : `The bad ${names.length === 1 ? 'guy is' : 'guys are'} ${joinNames(names)}.`;
    }
    return names.length === 0
      ? 'You are the only bad guy.'
      : `Your fellow bad ${names.length === 1 ? 'guy is' : 'guys are'} ${joinNames(names)}.`;
  }
  if (info.mutualKnowers) {
    const names = info.mutualKnowers.map((m) => m.displayName);
    return names.length === 0
      ? 'You are the only Mutual Knower among the players.'
      : `The other Mutual ${names.length === 1 ? 'Knower is' : 'Knowers are'} ${joinNames(names)}.`;
  }
  if (info.roleLookers) {
    const names = info.roleLookers.map((m) => m.displayName);
    return names.length === 0
      ? 'Nobody was dealt the Role Looker.'
      : `The Role Looker is ${joinNames(names)}.`;
  }
  return null;
}
