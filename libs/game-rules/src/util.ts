/**
 * Small internal helpers shared by the engine modules.
 */
import { cloneCustomRoles } from './custom-roles.js';
import { RulesError } from './errors.js';
import type { ActionPayload, ActionResult, GameState, NightLogEntry, PlayerState, VoteResults } from './types.js';

/**
 * Deep copy of a JSON-shaped value (GameState holds only plain data), with JSON semantics: `undefined`
 * properties are dropped. A plain recursive copy: several times faster than a JSON round trip, which
 * matters because `applyCommand` copies the whole state on every command.
 */
export function clone<T>(value: T): T {
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = v === undefined ? null : copyValue(v);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined && typeof v !== 'function') out[key] = copyValue(v);
  }
  return out;
}

/** Deep copy of an action payload (its arrays included). */
export function cloneAction(a: ActionPayload): ActionPayload {
  const out = { ...a };
  if (a.positions) out.positions = a.positions.slice();
  if (a.targetUserIds) out.targetUserIds = a.targetUserIds.slice();
  return out;
}

/** Deep copy of a night result (its data, `seen` entries and arrays included). */
export function cloneResult(r: ActionResult): ActionResult {
  const out = { ...r, lines: clone(r.lines ?? []) };
  if (!r.data) return out;
  const data = { ...r.data };
  if (data.seen) data.seen = data.seen.map((x) => ({ ...x }));
  if (data.badGuyPileCards) data.badGuyPileCards = data.badGuyPileCards.slice();
  return { ...out, data };
}

function clonePlayer(p: PlayerState): PlayerState {
  const out = { ...p };
  if (p.actionData) out.actionData = cloneAction(p.actionData);
  if (p.copyActionData) out.copyActionData = cloneAction(p.copyActionData);
  if (p.actionResult) out.actionResult = cloneResult(p.actionResult);
  if (p.immediateResult) out.immediateResult = cloneResult(p.immediateResult);
  return out;
}

function cloneLogEntry(e: NightLogEntry): NightLogEntry {
  return { ...e, action: cloneAction(e.action), result: clone(e.result ?? []) };
}

function cloneVoteResults(r: VoteResults): VoteResults {
  return {
    ...r,
    winners: r.winners.slice(),
    eliminatedPlayers: r.eliminatedPlayers.map((x) => ({ ...x })),
    winConditions: clone(r.winConditions ?? []),
    playerResults: r.playerResults.map((x) => ({ ...x, reason: clone(x.reason) })),
    voteCount: { ...r.voteCount },
    winningTeams: r.winningTeams.slice(),
  };
}

/**
 * Deep copy of a game state, field by field (GameState's shape is known): what `applyCommand` works on.
 * An order of magnitude faster than a generic copy on a 27-seat state, and it shares nothing with the
 * input, so a caller may mutate the result freely.
 */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    selectedRoles: s.selectedRoles.slice(),
    settings: { ...s.settings },
    players: s.players.map(clonePlayer),
    centerCards: s.centerCards.slice(),
    nightLog: s.nightLog.map(cloneLogEntry),
    announcements: clone(s.announcements),
    voteResults: s.voteResults ? cloneVoteResults(s.voteResults) : null,
    ...(s.customRoles ? { customRoles: cloneCustomRoles(s.customRoles) } : {}),
    ...(s.preassignedRoles ? { preassignedRoles: { ...s.preassignedRoles } } : {}),
    ...(s.adminViewers ? { adminViewers: s.adminViewers.slice() } : {}),
    ...(s.dealRecord ? { dealRecord: { center: s.dealRecord.center.slice(), preassigned: s.dealRecord.preassigned.slice() } } : {}),
  };
}

/** The player with `userId`, or undefined. */
export function findPlayer(state: GameState, userId: string): PlayerState | undefined {
  return state.players.find((p) => p.userId === userId);
}

/**
 * The player with `userId`.
 * @throws RulesError NOT_A_PLAYER when the user is not seated in this game
 */
export function requirePlayer(state: GameState, userId: string): PlayerState {
  const p = findPlayer(state, userId);
  if (!p) throw new RulesError('NOT_A_PLAYER', 'You are not a player in this game');
  return p;
}

/** Re-sorts players by seat and renumbers seats 0..n-1 (keeps relative order). */
export function compactSeats(state: GameState): void {
  state.players.sort((a, b) => a.seatPosition - b.seatPosition);
  state.players.forEach((p, i) => {
    p.seatPosition = i;
  });
}

/** True for a seat that plays by itself: a bot, or a seat on autopilot (docs/rules.md "Seat hold and autopilot"). */
export function playsItself(p: PlayerState): boolean {
  return p.isBot || p.autopilot === true;
}

/** A fresh per-round player record (every night/vote field reset). */
export function resetRoundFields(p: PlayerState): void {
  p.originalRole = null;
  p.currentRole = null;
  p.isReady = p.isBot;
  p.hasSubmitted = false;
  p.wantsPlayAgain = false;
  p.actionData = null;
  p.copyActionData = null;
  p.actionResult = null;
  p.immediateResult = null;
  p.voteTarget = null;
  p.artifactId = null;
  p.convertedBy = null;
  p.stalkerTarget = null;
  p.stalkerMarked = false;
  p.isTappedByThing = false;
  p.protectedPlayer = null;
  p.transformedTo = null;
  p.copiedRole = null;
  p.shieldedPlayer = null;
  p.seatHeldUntil = null;
  p.autopilot = false;
}

/** A new player record for the lobby. */
export function newPlayer(userId: string, displayName: string, isBot: boolean, seat: number, now: number): PlayerState {
  const p = {
    userId,
    displayName,
    isBot,
    seatPosition: seat,
    joinedAt: now,
  } as PlayerState;
  resetRoundFields(p);
  return p;
}
