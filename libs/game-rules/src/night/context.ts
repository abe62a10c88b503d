/**
 * The mutable working state of one night resolution (docs/rules.md "Night resolution"). Role modules act on
 * the cards only through this object, so that the shield of the Role Locker (step 1) and the card
 * attachments (transformations of the Role Copier and Paranormal Investigator, which travel with their
 * card: docs/rules.md "Cards carry their attachments") are honoured in one place, and so that a card is
 * always SEEN as its printed role only (docs/rules.md "Transformation secrecy").
 */
import { cardTeam } from '../custom-roles.js';
import { CENTER_SIZE, PILE_INDEX } from '../constants.js';
import type { Rng } from '../rng.js';
import type { ActionPayload, ActionResult, GameState, PlayerRef, PlayerState, RoleId, Team } from '../types.js';

/** One resolving action: a player acting for a role (its dealt role, or a copied role for a copy). */
export interface NightActor {
  /** The player (a draft record: modules may set flags such as `stalkerMarked` on players). */
  player: PlayerState;
  /** The role this action is performed for (the dealt card, or the copied role for a copy action). */
  role: RoleId;
  action: ActionPayload;
  /** True for a Role Copier's second action (docs/rules.md "Night order", step 2). */
  isCopy: boolean;
}

/** Index of the bad-guy pile among the center cards (re-exported from `constants.ts`; docs/rules.md "Setup and deal"). */
export { PILE_INDEX };

/**
 * Team of a card with an optional transformation attached (docs/rules.md "Wins"; no artifacts at night);
 * custom roles by their team (docs/rules.md "Custom roles").
 */
export function teamOfCard(state: GameState, role: RoleId, transformedTo: RoleId | null | undefined): Team {
  return cardTeam(state, transformedTo ?? role);
}

/** Card operations and result collection for one night. */
export class NightContext {
  /** userIds whose cards are shielded (docs/rules.md "Shields", step 1). */
  readonly shielded = new Set<string>();
  /** Transformations attached to the center cards (cards moved there tonight). */
  private readonly centerMarks: Array<RoleId | null>;
  private readonly results = new Map<string, ActionResult[]>();
  private readonly notices = new Map<string, ActionResult[]>();
  private readonly byId = new Map<string, PlayerState>();
  /** True once a conversion used the bad-guy pile (its content is then unknown to a later converter). */
  pileUsed = false;

  /**
   * @param state draft game state owned by the resolution (mutated in place)
   * @param rng the game's random source (continues `state.seed` / `state.rngCounter`)
   */
  constructor(
    readonly state: GameState,
    readonly rng: Rng,
  ) {
    this.centerMarks = state.centerCards.map(() => null);
    for (const p of state.players) this.byId.set(p.userId, p);
  }

  /** The player record; throws a plain Error (engine bug) when missing: targets are validated earlier. */
  player(userId: string): PlayerState {
    const p = this.byId.get(userId);
    if (!p) throw new Error(`NightContext: unknown player ${userId}`);
    return p;
  }

  /** Display name of a player. */
  name(userId: string): string {
    return this.player(userId).displayName;
  }

  /** A player as messages name it: userId and display name (docs/rules.md "Message codes"). */
  ref(userId: string): PlayerRef {
    const p = this.player(userId);
    return { userId: p.userId, displayName: p.displayName };
  }

  /** The card a player holds right now (at this step). */
  cardOf(userId: string): RoleId {
    const role = this.player(userId).currentRole;
    if (role === null) throw new Error(`NightContext: player ${userId} holds no card`);
    return role;
  }

  /**
   * The card a player holds right now as anyone who looks at it or receives it sees it: the printed role
   * only. A transformation attached to the card is secret to everyone but the player who caused it
   * (docs/rules.md "Transformation secrecy"): it counts for the team ({@link cardTeam}, `finalIdentity`)
   * and is revealed at results, never in a night result.
   */
  seeCard(userId: string): RoleId {
    return this.cardOf(userId);
  }

  /**
   * Team of the card a player holds right now, transformation included (the Role Revealer's
   * announcement; docs/rules.md "Night resolution").
   */
  cardTeam(userId: string): Team {
    return teamOfCard(this.state, this.cardOf(userId), this.player(userId).transformedTo);
  }

  /** The center card at `index` (0-2, or 3 for the bad-guy pile) right now. */
  centerCard(index: number): RoleId {
    const card = this.state.centerCards[index];
    if (card === undefined) throw new Error(`NightContext: no center card ${index}`);
    return card;
  }

  /** The center card at `index` as a viewer sees it: the printed role only (see {@link seeCard}). */
  seeCenter(index: number): RoleId {
    return this.centerCard(index);
  }


  /** True when the game has a bad-guy pile (a Bad Guy Converter was dealt; docs/rules.md "Setup and deal"). */
  hasBadGuyPile(): boolean {
    return this.state.centerCards.length > CENTER_SIZE;
  }

  /** True when the player's card is shielded (cannot be viewed, moved, swapped... tonight). */
  isShielded(userId: string): boolean {
    return this.shielded.has(userId);
  }

  /** Swaps two players' cards (with their transformations). Callers check shields first. */
  swapPlayerCards(a: string, b: string): void {
    const pa = this.player(a);
    const pb = this.player(b);
    const tmp = pa.currentRole;
    pa.currentRole = pb.currentRole;
    pb.currentRole = tmp;
    const mark = pa.transformedTo ?? null;
    pa.transformedTo = pb.transformedTo ?? null;
    pb.transformedTo = mark;
  }

  /** Swaps a player's card with center card `index` (transformations follow). Callers check shields first. */
  swapWithCenter(userId: string, index: number): void {
    const p = this.player(userId);
    const centerCard = this.centerCard(index);
    const own = this.cardOf(userId);
    this.state.centerCards[index] = own;
    p.currentRole = centerCard;
    const mark = this.centerMarks[index] ?? null;
    this.centerMarks[index] = p.transformedTo ?? null;
    p.transformedTo = mark;
  }

  /**
   * Village Idiot (docs/rules.md "Night order", step 8): every card of a seat other than `actorId`'s and the shielded
   * ones moves to the next such seat in `direction` (`left`: next lower seat, wrapping; `right`: next
   * higher). Returns the number of cards moved (0 when fewer than two seats take part).
   */
  shiftCards(actorId: string, direction: 'left' | 'right'): number {
    const seats = this.state.players.filter((p) => p.userId !== actorId && !this.shielded.has(p.userId));
    const n = seats.length;
    if (n < 2) return 0;
    const cards = seats.map((p) => [p.currentRole, p.transformedTo ?? null] as const);
    // left: seat k receives the card of seat k+1 (the card moves to the lower seat); right: of seat k-1.
    const from = direction === 'left' ? 1 : n - 1;
    seats.forEach((p, k) => {
      const [card, mark] = cards[(k + from) % n] as readonly [RoleId | null, RoleId | null];
      p.currentRole = card;
      p.transformedTo = mark;
    });
    return n;
  }

  /** Records something `userId` learned tonight (merged into their `actionResult`). */
  addResult(userId: string, result: ActionResult): void {
    const list = this.results.get(userId);
    if (list) list.push(result);
    else this.results.set(userId, [result]);
  }

  /**
   * Records a notice for `userId` caused by someone else's action (`stalked`, `tapped`,
   * `artifact_received`): shown after the player's own results.
   */
  addNotice(userId: string, result: ActionResult): void {
    const list = this.notices.get(userId);
    if (list) list.push(result);
    else this.notices.set(userId, [result]);
  }

  /** Everything `userId` learned tonight: its own results in resolution order, then the notices. */
  resultsOf(userId: string): ActionResult[] {
    const own = this.results.get(userId) ?? [];
    const notices = this.notices.get(userId);
    return notices ? [...own, ...notices] : own;
  }
}
