/**
 * The deal as a pure function of the seed, and its verification at results (docs/rules.md "Setup and deal",
 * "Verifiable deal": the seed is published as a SHA-256 commitment from the deal on and
 * revealed at results). The engine deals with {@link dealCards}; a browser recomputes it with the same function.
 */
import { Rng } from './rng.js';
import type { DealRecord, GameView, RoleId } from './types.js';

/** What {@link dealCards} returns. */
export interface Dealt {
  /** The card of each seat, in seat order. */
  cards: RoleId[];
  /** The center cards as dealt (index 3: the bad-guy pile when a Converter was dealt). */
  center: RoleId[];
  /** Random draws the deal used (the game's rngCounter continues from here). */
  draws: number;
}

/**
 * Deals `selectedRoles` to `seats` and the center with the seed's RNG (docs/rules.md "Setup and deal"): the
 * pre-assigned seats get their card (one copy leaves the deck each); the rest of the selection is shuffled
 * (Fisher-Yates, draws from 0) and dealt to the other seats in seat order, then the center; a Bad Guy
 * Converter dealt to a seat adds the bad-guy pile (a Bad Guy card, center index 3).
 * @param seed the game seed
 * @param selectedRoles the selection, in its stored order
 * @param seats the players' user ids in seat order
 * @param preassigned userId -> card the super admin pre-assigned (docs/rules.md "Admin")
 * @throws RangeError when a pre-assigned card is not in the selection (the lobby prunes those first)
 */
export function dealCards(seed: string, selectedRoles: readonly RoleId[], seats: readonly string[], preassigned: Readonly<Record<string, RoleId>> = {}): Dealt {
  const rest = selectedRoles.slice();
  for (const userId of seats) {
    const card = preassigned[userId];
    if (card === undefined) continue;
    const i = rest.indexOf(card);
    if (i < 0) throw new RangeError(`dealCards: pre-assigned ${card} is not in the selection`);
    rest.splice(i, 1);
  }
  const rng = new Rng(seed, 0);
  const deck = rng.shuffle(rest);
  let next = 0;
  const cards = seats.map((userId) => preassigned[userId] ?? (deck[next++] as RoleId));
  const center = deck.slice(next);
  if (cards.includes('Bad Guy Converter')) center.push('Bad Guy');
  return { cards, center, draws: rng.counter };
}

/** One check of {@link verifyDeal}. */
export interface DealCheck {
  /** What was checked: 'commitment', 'committed-earlier', 'seats', 'center'. */
  check: 'commitment' | 'committed-earlier' | 'seats' | 'center';
  ok: boolean;
}

/** The outcome of {@link verifyDeal}. */
export interface DealVerification {
  /** True when every check passed. */
  ok: boolean;
  checks: DealCheck[];
  /** Seats the super admin pre-assigned (not shuffled; shown to the players). */
  preassigned: string[];
}

/**
 * Verifies a finished game's deal from its results view (docs/rules.md "Verifiable deal"): the revealed seed
 * hashes to the commitment published since the deal (and to the one the player noted during the game, when
 * given), and dealing the selection with that seed gives every player's dealt card and the center as dealt.
 * @param view a `results` view (seed, deal and every player's original role revealed)
 * @param sha256Hex SHA-256 of a UTF-8 string as lower-case hex (the caller's implementation: the rules
 *   library imports no hash)
 * @param committedEarlier the commitment this player saw during the night, if noted
 * @returns the checks; `ok` false when any fails, or when the view is not a results view with a seed
 */
export function verifyDeal(view: GameView, sha256Hex: (text: string) => string, committedEarlier?: string | null): DealVerification {
  const g = view.game;
  const deal: DealRecord | null = g.deal;
  if (g.phase !== 'results' || !g.seed || !g.seedCommitment || !deal) {
    return { ok: false, checks: [{ check: 'commitment', ok: false }], preassigned: [] };
  }
  const checks: DealCheck[] = [{ check: 'commitment', ok: sha256Hex(g.seed) === g.seedCommitment }];
  if (committedEarlier) checks.push({ check: 'committed-earlier', ok: committedEarlier === g.seedCommitment });
  const pre: Record<string, RoleId> = {};
  for (const userId of deal.preassigned) {
    const card = view.players.find((p) => p.userId === userId)?.originalRole;
    if (card) pre[userId] = card;
  }
  let dealt: Dealt | null = null;
  try {
    dealt = dealCards(g.seed, g.selectedRoles, view.players.map((p) => p.userId), pre);
  } catch {
    dealt = null;
  }
  checks.push({ check: 'seats', ok: dealt !== null && view.players.every((p, i) => p.originalRole === dealt!.cards[i]) });
  checks.push({ check: 'center', ok: dealt !== null && dealt.center.length === deal.center.length && dealt.center.every((c, i) => c === deal.center[i]) });
  return { ok: checks.every((c) => c.ok), checks, preassigned: deal.preassigned.slice() };
}
