import { PILE_INDEX, isRoleName, type GameState, type RoleName } from '@nightfall/game-rules';
import { AdminRoleError } from '../game-error-code.js';

const CONVERTER: RoleName = 'Bad Guy Converter';

/**
 * The admin's "change a player's role" (spec 000 sections 2 and 7, for testing): during role_deal,
 * gives `playerId` the dealt card `newRole` by SWAPPING it with a holder of that card (a center card
 * first, then a bot, then another player), so the deck stays the selection (card conservation, docs/rules.md "Setup and deal").
 * Keeps the bad-guy pile in step with a Converter dealt to a player (docs/rules.md "Setup and deal").
 * @returns a new state (the input is not changed)
 * @throws AdminRoleError 'Error' / 'Failed to update player role' when the phase is not role_deal, the
 *   player is unknown, or no card `newRole` is in the game
 */
export function adminSetPlayerRole(state: GameState, playerId: string, newRole: string): GameState {
  const fail = () => new AdminRoleError();
  if (state.phase !== 'role_deal' || !isRoleName(newRole)) throw fail();
  const next = structuredClone(state);
  const target = next.players.find((p) => p.userId === playerId);
  if (!target || target.originalRole === null) throw fail();
  if (target.originalRole === newRole) return next;
  const old = target.originalRole;
  // Take the card from the center first, then from a bot, then from another human, so that dealing
  // the second copy of a card (two Mutual Knowers) does not take back the first copy just dealt.
  const centerIndex = next.centerCards.slice(0, PILE_INDEX).indexOf(newRole);
  const others = next.players.filter((p) => p.userId !== playerId && p.originalRole === newRole);
  const holder = others.find((p) => p.isBot) ?? others[0];
  if (centerIndex >= 0) {
    next.centerCards[centerIndex] = old;
  } else if (holder) {
    holder.originalRole = old;
    holder.currentRole = old;
  } else {
    throw fail();
  }
  target.originalRole = newRole;
  target.currentRole = newRole;
  const converterDealt = next.players.some((p) => p.originalRole === CONVERTER);
  if (converterDealt && next.centerCards.length === PILE_INDEX) next.centerCards.push('Bad Guy');
  if (!converterDealt && next.centerCards.length > PILE_INDEX) next.centerCards.splice(PILE_INDEX);
  for (const p of next.players) p.isReady = p.isBot;
  return next;
}
