/**
 * The night replay (docs/rules.md "Night replay"): the night log of a finished round turned into ordered
 * steps, each with who acted, for which role, on what, which cards moved, and where every card lies after
 * the step. Pure: it reads a results view (or a state) and never the seed; the web's replay and the history
 * show exactly what the results screen shows (the night log, the dealt and final cards are public there:
 * docs/rules.md "Player view").
 *
 * How the moves are known. Cards move only through six actions (docs/rules.md "Resolution steps"): the Bad
 * Guy Converter's `convert_player` (target <-> pile), the Role Thief's `rob_player` (thief <-> target), the
 * Role Swapper's `swap_players`, the Village Idiot's `shift_cards`, the Random Role Taker's `swap_center`
 * and the Role Giver's `view_and_swap` (target <-> a center card). Whether each one moved anything is in
 * its actor's result lines (docs/rules.md "Message codes": `converted_player`, `robbed_player`,
 * `swapped_players`, `shifted_cards` with `shift_skipped`, `swapped_with_center`, `gave_card` /
 * `took_card`; a shield, a missing pile or too few seats give another code and no move). So every step is
 * a permutation of the slots (seats and center indexes) that does not depend on the cards. The positions
 * are computed BACKWARDS from the final cards (every player's `currentRole` and `centerCards`, the
 * authority at results), then forwards step by step; `consistent` says whether the cards so found before
 * the first step are every player's dealt card (`originalRole`), which checks the derivation.
 */
import { PILE_INDEX } from './constants.js';
import type { ActionPayload, NightActionKind, NightLogEntry, NightMessage, RoleId } from './types.js';

/** Where a card lies: a player's seat, or a center index (0-2; 3 is the bad-guy pile, `PILE_INDEX`). */
export type ReplaySlot = { kind: 'seat'; userId: string } | { kind: 'center'; index: number };

/** A player or a center card an action named (its targets, in the payload's order). */
export type ReplayTarget = { kind: 'player'; userId: string; displayName: string } | { kind: 'center'; index: number };

/** One card moved by a step: the card, where it was before the step and where it is after it. */
export interface ReplayMove {
  card: RoleId;
  from: ReplaySlot;
  to: ReplaySlot;
}

/** Every card's position at one moment: each seat's card (seat order) and the center (index 3: the pile). */
export interface ReplayCards {
  seats: Array<{ userId: string; displayName: string; seatPosition: number; card: RoleId | null }>;
  center: RoleId[];
}

/** One step of the replay: one night-log entry, in resolution order (docs/rules.md "Night resolution"). */
export interface ReplayStep {
  /** 0-based position in the night log (= in the replay). */
  index: number;
  /** Who acted: user id, name, seat (0-based). */
  actor: { userId: string; displayName: string; seatPosition: number };
  /** The role acted for: the dealt card, or the copied role of a Role Copier's second action (`isCopy`). */
  role: RoleId;
  /** The night log's kind of the action (`describeAction`). */
  kind: NightActionKind;
  action: ActionPayload;
  isCopy: boolean;
  /** The role's night order number as the log shows it (0: not one of the role's own actions). */
  order: number;
  /** The players and center cards the action named, in payload order. */
  targets: ReplayTarget[];
  /** The cards this step moved (empty for looks, passes, blocked moves). */
  moves: ReplayMove[];
  /** True when the action would have moved cards but did not (a shield, no pile, too few seats). */
  blocked: boolean;
  /** What the actor learned at this step (the night log's lines). */
  result: NightMessage[];
  /** Every card's position after this step. */
  cards: ReplayCards;
}

/** The whole replay of one night. */
export interface NightReplay {
  /** Every card's position before the first step (as dealt, once the deal's admin changes are made). */
  start: ReplayCards;
  steps: ReplayStep[];
  /** True when the start positions are every player's dealt card (the derivation agrees with the results). */
  consistent: boolean;
}

/** What the replay reads: a results view's `players` with `game.centerCards` and `game.nightLog`, or a state. */
export interface NightReplayInput {
  players: ReadonlyArray<{ userId: string; displayName: string; seatPosition: number; originalRole?: RoleId | null; currentRole?: RoleId | null }>;
  centerCards: readonly RoleId[] | null;
  nightLog: readonly NightLogEntry[] | null;
}

/** A permutation step: the card at `from` before the step is at `to` after it. */
type SlotMove = { from: ReplaySlot; to: ReplaySlot };

const seat = (userId: string): ReplaySlot => ({ kind: 'seat', userId });
const center = (index: number): ReplaySlot => ({ kind: 'center', index });
const swap = (a: ReplaySlot, b: ReplaySlot): SlotMove[] => [
  { from: a, to: b },
  { from: b, to: a },
];
const has = (lines: readonly NightMessage[], code: NightMessage['code']) => lines.some((l) => l.code === code);

/** Mutable positions: seat userId -> card, center index -> card. */
interface Positions {
  seats: Map<string, RoleId | null>;
  center: RoleId[];
}

function read(p: Positions, slot: ReplaySlot): RoleId | null {
  return slot.kind === 'seat' ? (p.seats.get(slot.userId) ?? null) : (p.center[slot.index] ?? null);
}

function write(p: Positions, slot: ReplaySlot, card: RoleId | null): void {
  if (slot.kind === 'seat') p.seats.set(slot.userId, card);
  else if (card !== null) p.center[slot.index] = card;
}

function copy(p: Positions): Positions {
  return { seats: new Map(p.seats), center: p.center.slice() };
}

/**
 * The slots a night-log entry moved (docs/rules.md "Resolution steps"; see the file comment), or `blocked`
 * when the action is one that moves cards and its result says nothing moved.
 * @param seatOrder the players' user ids in seat order (the Village Idiot's shift)
 */
export function movesOf(entry: NightLogEntry, seatOrder: readonly string[]): { moves: SlotMove[]; blocked: boolean } {
  const a = entry.action;
  const r = entry.result;
  // States stored before the result codes carry empty lines (docs/rules.md "Message codes"): read as done.
  const legacy = r.length === 0;
  const did = (code: NightMessage['code']) => legacy || has(r, code);
  const none = { moves: [] as SlotMove[], blocked: false };
  const blocked = { moves: [] as SlotMove[], blocked: true };
  switch (a.type) {
    case 'convert_player':
      if (!a.targetUserId) return none;
      return did('converted_player') ? { moves: swap(seat(a.targetUserId), center(PILE_INDEX)), blocked: false } : blocked;
    case 'rob_player':
      if (!a.targetUserId) return none;
      return did('robbed_player') ? { moves: swap(seat(entry.userId), seat(a.targetUserId)), blocked: false } : blocked;
    case 'swap_players':
      if (!a.player1UserId || !a.player2UserId) return none;
      return did('swapped_players') ? { moves: swap(seat(a.player1UserId), seat(a.player2UserId)), blocked: false } : blocked;
    case 'swap_center':
    case 'swap_with_center':
      return did('swapped_with_center') ? { moves: swap(seat(entry.userId), center(a.centerIndex ?? 0)), blocked: false } : blocked;
    case 'view_and_swap':
      if (!a.targetUserId || a.centerIndex === undefined) return none;
      return legacy || has(r, 'gave_card') || has(r, 'took_card') ? { moves: swap(seat(a.targetUserId), center(a.centerIndex)), blocked: false } : blocked;
    case 'shift_cards': {
      if (a.direction !== 'left' && a.direction !== 'right') return none;
      if (!did('shifted_cards')) return blocked;
      const skipped = new Set<string>();
      for (const l of r) if (l.code === 'shift_skipped') for (const p of l.params.players) skipped.add(p.userId);
      const seats = seatOrder.filter((id) => id !== entry.userId && !skipped.has(id));
      const n = seats.length;
      if (n < 2) return blocked;
      // left: seat k receives the card of seat k+1 (docs/rules.md "Scenarios", night scenario 6); right: of seat k-1.
      const moves = seats.map((to, k) => ({ from: seat(seats[(k + (a.direction === 'left' ? 1 : n - 1)) % n]!), to: seat(to) }));
      return { moves, blocked: false };
    }
    default:
      return none;
  }
}

/** The players and center cards an action names, in payload order. */
export function targetsOf(action: ActionPayload, nameOf: (userId: string) => string): ReplayTarget[] {
  const out: ReplayTarget[] = [];
  const player = (userId: string | undefined) => {
    if (userId) out.push({ kind: 'player', userId, displayName: nameOf(userId) });
  };
  player(action.targetUserId);
  player(action.player1UserId);
  player(action.player2UserId);
  for (const id of action.targetUserIds ?? []) player(id);
  if (action.type === 'view_werewolf_pile') out.push({ kind: 'center', index: PILE_INDEX });
  else if (action.type === 'swap_center' || action.type === 'swap_with_center') out.push({ kind: 'center', index: action.centerIndex ?? 0 });
  else if (action.centerIndex !== undefined) out.push({ kind: 'center', index: action.centerIndex });
  for (const i of action.positions ?? []) out.push({ kind: 'center', index: i });
  return out;
}

/**
 * The night replay of a finished round (docs/rules.md "Night replay"; see the file comment).
 * @param input a results view's players, center cards and night log (`replayInputOfView`), or a resolved state
 * @returns null when the input has no night log or no center cards (a view before the results)
 */
export function nightReplay(input: NightReplayInput): NightReplay | null {
  if (!input.nightLog || !input.centerCards) return null;
  const players = [...input.players].sort((x, y) => x.seatPosition - y.seatPosition);
  const order = players.map((p) => p.userId);
  const byId = new Map(players.map((p) => [p.userId, p]));
  const nameOf = (id: string) => byId.get(id)?.displayName ?? id;
  const perms = input.nightLog.map((e) => movesOf(e, order));

  // Backwards from the final cards: before a step, the card at `from` is the one at `to` after it.
  const final: Positions = { seats: new Map(players.map((p) => [p.userId, p.currentRole ?? null])), center: input.centerCards.slice() };
  let pos = copy(final);
  for (let i = perms.length - 1; i >= 0; i--) {
    const before = copy(pos);
    for (const m of perms[i]!.moves) write(before, m.from, read(pos, m.to));
    pos = before;
  }
  const snapshot = (p: Positions): ReplayCards => ({
    seats: players.map((x) => ({ userId: x.userId, displayName: x.displayName, seatPosition: x.seatPosition, card: p.seats.get(x.userId) ?? null })),
    center: p.center.slice(),
  });
  const start = snapshot(pos);
  const consistent = players.every((p) => p.originalRole === undefined || p.originalRole === null || pos.seats.get(p.userId) === p.originalRole);

  const steps: ReplayStep[] = input.nightLog.map((e, index) => {
    const { moves, blocked } = perms[index]!;
    const after = copy(pos);
    const moved: ReplayMove[] = [];
    for (const m of moves) {
      const card = read(pos, m.from);
      write(after, m.to, card);
      if (card !== null) moved.push({ card, from: m.from, to: m.to });
    }
    pos = after;
    const actor = byId.get(e.userId);
    return {
      index,
      actor: { userId: e.userId, displayName: e.displayName, seatPosition: actor?.seatPosition ?? -1 },
      role: e.role,
      kind: e.kind,
      action: { ...e.action },
      isCopy: e.isCopy === true,
      order: e.order,
      targets: targetsOf(e.action, nameOf),
      moves: moved,
      blocked,
      result: e.result.slice(),
      cards: snapshot(pos),
    };
  });
  return { start, steps, consistent };
}

/** The replay input of a results view (`GameView`): its players, `game.centerCards` and `game.nightLog`. */
export function replayInputOfView(view: {
  players: NightReplayInput['players'];
  game: { centerCards: readonly RoleId[] | null; nightLog: readonly NightLogEntry[] | null };
}): NightReplayInput {
  return { players: view.players, centerCards: view.game.centerCards, nightLog: view.game.nightLog };
}
