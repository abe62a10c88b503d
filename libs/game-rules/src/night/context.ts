/**
 * The mutable working state of one night resolution (RULES.md section 3). Role modules act on the
 * cards only through this object, so that the shield of the Role Locker (step 1) and any card
 * attachment are honoured in one place.
 */
import { CENTER_SIZE } from '../constants.js';
import type { Rng } from '../rng.js';
import type { ActionPayload, ActionResult, GameState, PlayerState, RoleName } from '../types.js';

/** One resolving action: a player acting for a role (its dealt role, or a copied role for a copy). */
export interface NightActor {
  /** The player (a draft record: modules may set flags such as `stalkerMarked` on players). */
  player: PlayerState;
  /** The role this action is performed for (the dealt card, or the copied role for a copy action). */
  role: RoleName;
  action: ActionPayload;
  /** True for a Role Copier's second action (RULES.md section 3 step 2). */
  isCopy: boolean;
}

/** Card operations and result collection for one night. */
export class NightContext {
  /** userIds whose cards are shielded (RULES.md section 3 step 1). */
  readonly shielded = new Set<string>();
  private readonly results = new Map<string, ActionResult[]>();

  /**
   * @param state draft game state owned by the resolution (mutated in place)
   * @param rng the game's random source (continues `state.seed` / `state.rngCounter`)
   */
  constructor(
    readonly state: GameState,
    readonly rng: Rng,
  ) {}

  /** The player record; throws a plain Error (engine bug) when missing: targets are validated earlier. */
  player(userId: string): PlayerState {
    const p = this.state.players.find((x) => x.userId === userId);
    if (!p) throw new Error(`NightContext: unknown player ${userId}`);
    return p;
  }

  /** Display name of a player. */
  name(userId: string): string {
    return this.player(userId).displayName;
  }

  /** The card a player holds right now (at this step). */
  cardOf(userId: string): RoleName {
    const role = this.player(userId).currentRole;
    if (role === null) throw new Error(`NightContext: player ${userId} holds no card`);
    return role;
  }

  /** The center card at `index` (0-2, or 3 for the bad-guy pile) right now. */
  centerCard(index: number): RoleName {
    const card = this.state.centerCards[index];
    if (card === undefined) throw new Error(`NightContext: no center card ${index}`);
    return card;
  }

  /** True when the game has a bad-guy pile (a Bad Guy Converter was dealt; RULES.md section 1). */
  hasBadGuyPile(): boolean {
    return this.state.centerCards.length > CENTER_SIZE;
  }

  /** True when the player's card is shielded (cannot be viewed, moved, swapped... tonight). */
  isShielded(userId: string): boolean {
    return this.shielded.has(userId);
  }

  /** Swaps two players' cards. Callers check shields first. */
  swapPlayerCards(a: string, b: string): void {
    const pa = this.player(a);
    const pb = this.player(b);
    const tmp = pa.currentRole;
    pa.currentRole = pb.currentRole;
    pb.currentRole = tmp;
  }

  /** Swaps a player's card with center card `index`. Callers check shields first. */
  swapWithCenter(userId: string, index: number): void {
    const p = this.player(userId);
    const centerCard = this.centerCard(index);
    const own = this.cardOf(userId);
    this.state.centerCards[index] = own;
    p.currentRole = centerCard;
  }

  /** Records something `userId` learned tonight (merged into their `actionResult`). */
  addResult(userId: string, result: ActionResult): void {
    const list = this.results.get(userId) ?? [];
    list.push(result);
    this.results.set(userId, list);
  }

  /** Everything `userId` learned tonight, in resolution order. */
  resultsOf(userId: string): ActionResult[] {
    return this.results.get(userId) ?? [];
  }
}
