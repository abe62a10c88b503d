/**
 * Seats that outlive their players (docs/rules.md "Seat hold and autopilot", "Kick and leave"): a seat held
 * for a player who lost every connection during play, the autopilot that plays it once the hold runs out,
 * the host's kick from the lobby, a player leaving the lobby, and host rights passing on. Every function
 * works on a draft state the caller owns (see `applyCommand`).
 */
import { botChooseAction, botChooseVote } from './bots.js';
import { SEAT_HOLD_MS } from './constants.js';
import { RulesError } from './errors.js';
import { everyoneReady, everyoneSubmitted, everyoneVoted, enterPhase, finishNight, finishVote, nextAfterReady, type Effects } from './phases.js';
import { submitNightAction } from './night/submit.js';
import { withGameRng } from './rng.js';
import type { GameState, Phase, PlayerState, RemovedPlayer } from './types.js';
import { compactSeats, findPlayer } from './util.js';
import { checkDisplayName } from './display-name.js';

export { playsItself } from './util.js';

/** Phases in which an absent player's seat is held and may be played by the autopilot. */
const PLAY_PHASES: ReadonlySet<Phase> = new Set(['role_deal', 'job_choice', 'role_resolve', 'discussion', 'vote']);

/** True while `phase` is one in which seats are held (role_deal to vote). */
export function isPlayPhase(phase: Phase): boolean {
  return PLAY_PHASES.has(phase);
}

/**
 * A player's connections changed (presence, counted by the service). During play, a human with no
 * connection left gets a held seat until `now + holdMs`; a player with a connection again takes the seat
 * back (hold and autopilot end at once). Nothing changes outside play or for bots.
 * @param connected whether the player has at least one connection now
 * @param now epoch ms
 */
export function seatPresenceChanged(state: GameState, userId: string, connected: boolean, now: number): void {
  const p = findPlayer(state, userId);
  if (!p || p.isBot) return;
  if (connected) {
    p.seatHeldUntil = null;
    p.autopilot = false;
    return;
  }
  if (isPlayPhase(state.phase) && !p.autopilot && p.seatHeldUntil == null) p.seatHeldUntil = now + seatHoldMs(state);
}

/**
 * At the deal: every human known to have no connection (`connections === 0`) gets a held seat, so a player
 * who left in the lobby is not waited for forever. A player whose presence was never counted is not held.
 */
export function holdAbsentSeats(state: GameState, now: number): void {
  for (const p of state.players) {
    if (!p.isBot && p.connections === 0 && !p.autopilot && p.seatHeldUntil == null) p.seatHeldUntil = now + seatHoldMs(state);
  }
}

/** The game's seat hold, ms: `GameState.seatHoldMs` (set by the service at creation), else {@link SEAT_HOLD_MS}. */
export function seatHoldMs(state: GameState): number {
  const ms = state.seatHoldMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : SEAT_HOLD_MS;
}

/** The earliest seat hold of the game that has not run out yet, epoch ms, or null. */
export function nextSeatHoldEnd(state: GameState): number | null {
  let next: number | null = null;
  for (const p of state.players) {
    if (p.seatHeldUntil != null && (next === null || p.seatHeldUntil < next)) next = p.seatHeldUntil;
  }
  return next;
}

/**
 * The next moment the game needs a `deadline` command, epoch ms: the phase deadline or the end of the
 * earliest seat hold, whichever comes first; null when the game waits on players only.
 */
export function nextDueAt(state: GameState): number | null {
  const hold = nextSeatHoldEnd(state);
  if (hold === null) return state.deadlineAt;
  return state.deadlineAt === null ? hold : Math.min(hold, state.deadlineAt);
}

/**
 * Holds that ran out by `now`: those seats go to the autopilot, which acts for them in the current phase
 * (and in every later phase until the player comes back). A host whose seat goes to the autopilot passes
 * host rights to the next present human.
 * @returns true when at least one hold ran out
 */
export function expireSeatHolds(state: GameState, now: number, fx: Effects): boolean {
  const due = state.players.filter((p) => p.seatHeldUntil != null && p.seatHeldUntil <= now);
  if (due.length === 0) return false;
  for (const p of due) {
    p.seatHeldUntil = null;
    p.autopilot = true;
    if (p.userId === state.hostId) passHost(state, p.userId);
  }
  autopilotAct(state, due, now, fx);
  return true;
}

/**
 * The autopilot's move for `seats` in the current phase, as a bot would make it (bots.ts), then the phase
 * advances when that completed it. It only submits what the player could have submitted: its results go to
 * the player's own view and nobody else learns anything from them.
 */
export function autopilotAct(state: GameState, seats: readonly PlayerState[], now: number, fx: Effects): void {
  const phase = state.phase;
  if (phase === 'job_choice') {
    withGameRng(state, (rng) => {
      for (const p of seats) {
        for (let i = 0; i < 2 && !p.hasSubmitted; i++) submitNightAction(state, p, botChooseAction(state, p, rng));
      }
    });
    if (everyoneSubmitted(state)) finishNight(state, now, fx);
    return;
  }
  if (phase === 'vote') {
    withGameRng(state, (rng) => {
      for (const p of seats) if (p.voteTarget === null) p.voteTarget = botChooseVote(state, p, rng);
    });
    if (everyoneVoted(state)) finishVote(state, now);
    return;
  }
  const next = nextAfterReady(phase);
  if (!next) return;
  for (const p of seats) p.isReady = true;
  if (everyoneReady(state)) enterPhase(state, next, now, fx);
}

/**
 * Host rights pass to the next human after `leavingId` in seat order who is present (not on autopilot and
 * not held), else to the next human at all; nothing changes when there is no other human.
 */
export function passHost(state: GameState, leavingId: string): void {
  const seats = [...state.players].sort((a, b) => a.seatPosition - b.seatPosition);
  const at = seats.findIndex((p) => p.userId === leavingId);
  const order = [...seats.slice(at + 1), ...seats.slice(0, Math.max(0, at))].filter((p) => !p.isBot && p.userId !== leavingId);
  const next = order.find((p) => !p.autopilot && p.seatHeldUntil == null && p.connections !== 0) ?? order[0];
  if (next) state.hostId = next.userId;
}

/**
 * The host removes a human from the lobby; the removed player may not join this room again.
 * @throws RulesError PLAYER_NOT_FOUND ('That player is not in this game'), INVALID_TARGET (the host itself
 *   or a bot: 'You cannot remove yourself' / 'Use Remove Bot for bots')
 */
export function kickPlayer(state: GameState, targetUserId: string, fx: Effects & { removed?: RemovedPlayer[] }): void {
  const target = typeof targetUserId === 'string' ? findPlayer(state, targetUserId) : undefined;
  if (!target) throw new RulesError('PLAYER_NOT_FOUND', 'That player is not in this game');
  if (target.userId === state.hostId) throw new RulesError('INVALID_TARGET', 'You cannot remove yourself');
  if (target.isBot) throw new RulesError('INVALID_TARGET', 'Use Remove Bot for bots');
  removePlayer(state, target.userId);
  state.kicked = [...(state.kicked ?? []).filter((id) => id !== target.userId), target.userId];
  fx.removed = [...(fx.removed ?? []), { userId: target.userId, reason: 'kicked' }];
  fx.notice = { code: 'player_kicked', params: { player: { userId: target.userId, displayName: target.displayName } } };
}

/**
 * A player leaves the room from the lobby (their seat is freed; they may join again). A leaving host passes
 * host rights to the next human; the last human may leave too (the room is then left to the retention job).
 * A spectator stops watching, in any phase.
 * @throws RulesError WRONG_PHASE outside the lobby ('You can only leave a room from the lobby'),
 *   NOT_A_PLAYER
 */
export function leaveGame(state: GameState, userId: string, fx: Effects & { removed?: RemovedPlayer[] }): void {
  if (isSpectator(state, userId)) {
    state.spectators = (state.spectators ?? []).filter((w) => w.userId !== userId);
    fx.removed = [...(fx.removed ?? []), { userId, reason: 'left' }];
    return;
  }
  if (state.phase !== 'lobby') throw new RulesError('WRONG_PHASE', 'You can only leave a room from the lobby');
  const p = findPlayer(state, userId);
  if (!p || p.isBot) throw new RulesError('NOT_A_PLAYER', 'You are not a player in this game');
  if (state.hostId === userId) passHost(state, userId);
  removePlayer(state, userId);
  fx.removed = [...(fx.removed ?? []), { userId, reason: 'left' }];
}

/** Takes a player out of the seats (renumbered) and out of the super admin's pre-assignments. */
function removePlayer(state: GameState, userId: string): void {
  state.players = state.players.filter((p) => p.userId !== userId);
  compactSeats(state);
  if (state.preassignedRoles) delete state.preassignedRoles[userId];
}

/** At most this many spectators per game (docs/rules.md "Spectators"). */
export const MAX_SPECTATORS = 50;

/** True when `userId` watches the game without a seat. */
export function isSpectator(state: GameState, userId: string): boolean {
  return (state.spectators ?? []).some((w) => w.userId === userId);
}

/**
 * `userId` starts watching the game, in any phase (docs/rules.md "Spectators"): no seat, no role, no vote, no
 * chat in play; their view is the public one (`playerView` of a non-player) until the results reveal all.
 * A player of the game, or somebody already watching, changes nothing.
 * @throws RulesError KICKED ('Cannot Watch' / 'The host removed you from this room'), GAME_FULL ('Cannot
 *   Watch' / 'This game has the most spectators it can take (50)'), INVALID_DISPLAY_NAME
 */
export function spectate(state: GameState, userId: string, displayName: string, now: number): void {
  if (findPlayer(state, userId) || isSpectator(state, userId)) return;
  if (state.kicked?.includes(userId)) throw new RulesError('KICKED', 'The host removed you from this room', 'Cannot Watch');
  const spectators = state.spectators ?? [];
  if (spectators.length >= MAX_SPECTATORS) throw new RulesError('GAME_FULL', `This game has the most spectators it can take (${MAX_SPECTATORS})`, 'Cannot Watch');
  state.spectators = [...spectators, { userId, displayName: checkDisplayName(displayName, 'Cannot Watch'), joinedAt: now }];
}
