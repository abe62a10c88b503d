import { applyCommand, createGame } from './engine.js';
import { nextDueAt, seatPresenceChanged } from './seats.js';
import { CTX, dealtGame, defaultAction, expectRejected, run } from './testing/fixtures.js';
import type { GameState } from './types.js';
import { playerView } from './view.js';

const HOLD = 60_000;

/** `userId` lost every connection at `now` (what the service's presence step does). */
function leave(s: GameState, userId: string, now = CTX.now): GameState {
  const next = structuredClone(s);
  const p = next.players.find((x) => x.userId === userId)!;
  p.connections = 0;
  seatPresenceChanged(next, userId, false, now);
  return next;
}

/** `userId` is connected again. */
function back(s: GameState, userId: string, now = CTX.now): GameState {
  const next = structuredClone(s);
  next.players.find((x) => x.userId === userId)!.connections = 1;
  seatPresenceChanged(next, userId, true, now);
  return next;
}

const seat = (s: GameState, id: string) => s.players.find((p) => p.userId === id)!;

/** Everyone votes for the next seat: the vote closes and the results are shown. */
function castVotesAll(s: GameState): GameState {
  for (const [i, p] of s.players.entries()) s = run(s, { type: 'submit_vote', userId: p.userId, targetUserId: s.players[(i + 1) % s.players.length]!.userId }).state;
  return s;
}

describe('seat hold and autopilot (docs/rules.md "Seat hold and autopilot")', () => {
  it('holds the seat of a player who left during the night, then the autopilot acts for it once the hold runs out', () => {
    let s = dealtGame({ players: ['Bad Guy', 'Role Looker', 'Basic Good Guy', 'Role Thief'] });
    s = leave(s, 'p2');
    expect(seat(s, 'p2').seatHeldUntil).toBe(CTX.now + HOLD);
    expect(nextDueAt(s)).toBe(CTX.now + HOLD);
    // the others see the countdown and nobody's autopilot yet
    const others = playerView(s, 'p1').players.find((p) => p.userId === 'p2')!;
    expect(others.seatHeldUntil).toBe(CTX.now + HOLD);
    expect(others.autopilot).toBe(false);
    for (const id of ['p1', 'p3', 'p4']) s = run(s, { type: 'submit_action', userId: id, action: defaultAction(s, id) }).state;
    expect(s.phase).toBe('job_choice');
    // too early: nothing is due
    expectRejected(s, (x) => run(x, { type: 'deadline' }, CTX.now + HOLD - 1), { code: 'NO_DEADLINE' });
    s = run(s, { type: 'deadline' }, CTX.now + HOLD).state;
    expect(seat(s, 'p2').autopilot).toBe(true);
    expect(seat(s, 'p2').seatHeldUntil).toBeNull();
    expect(seat(s, 'p2').hasSubmitted).toBe(true);
    expect(s.phase).toBe('role_resolve');
    // the autopilot's look is the player's own result: only p2's view has it
    expect(playerView(s, 'p2').me?.actionResult).not.toBeNull();
    expect(JSON.stringify(playerView(s, 'p1'))).not.toContain(JSON.stringify(seat(s, 'p2').actionResult));
    expect(playerView(s, 'p1').players.find((p) => p.userId === 'p2')!.autopilot).toBe(true);
  });

  it('keeps playing the seat in the next phases (ready, vote) until the player comes back, who then takes it over', () => {
    let s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'], phase: 'job_choice' });
    s = leave(s, 'p3');
    s = run(s, { type: 'deadline' }, CTX.now + HOLD).state;
    expect(seat(s, 'p3').autopilot).toBe(true);
    s = run(s, { type: 'submit_action', userId: 'p1', action: defaultAction(s, 'p1') }, CTX.now + HOLD).state;
    s = run(s, { type: 'submit_action', userId: 'p2', action: defaultAction(s, 'p2') }, CTX.now + HOLD).state;
    expect(s.phase).toBe('role_resolve');
    // the autopilot is ready at once in role_resolve
    expect(seat(s, 'p3').isReady).toBe(true);
    s = run(s, { type: 'ready_next_phase', userId: 'p1' }).state;
    s = run(s, { type: 'ready_next_phase', userId: 'p2' }).state;
    expect(s.phase).toBe('discussion');
    s = back(s, 'p3');
    expect(seat(s, 'p3').autopilot).toBe(false);
    // p3 is back: its vote is its own
    s = run(s, { type: 'deadline' }, s.deadlineAt!).state;
    expect(s.phase).toBe('vote');
    expect(seat(s, 'p3').voteTarget).toBeNull();
    s = leave(s, 'p3', s.phaseStartedAt);
    s = run(s, { type: 'submit_vote', userId: 'p1', targetUserId: 'p2' }).state;
    s = run(s, { type: 'submit_vote', userId: 'p2', targetUserId: 'p1' }).state;
    expect(s.phase).toBe('vote');
    s = run(s, { type: 'deadline' }, s.phaseStartedAt + HOLD).state;
    expect(s.phase).toBe('results');
    expect(seat(s, 'p3').voteTarget).not.toBeNull();
    // play is over: no hold, no autopilot
    expect(s.players.every((p) => !p.autopilot && p.seatHeldUntil == null)).toBe(true);
  });

  it('a player back before the hold ends keeps the seat; in the lobby no seat is held', () => {
    let s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'] });
    s = back(leave(s, 'p2'), 'p2');
    expect(seat(s, 'p2').seatHeldUntil).toBeNull();
    expectRejected(s, (x) => run(x, { type: 'deadline' }, CTX.now + HOLD * 2), { code: 'NO_DEADLINE' });
    let lobby = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'p1', hostDisplayName: 'P1', now: CTX.now });
    lobby = run(lobby, { type: 'join', userId: 'p2', displayName: 'P2' }).state;
    lobby = leave(lobby, 'p2');
    expect(seat(lobby, 'p2').seatHeldUntil).toBeNull();
  });

  it('holds, at the deal, the seat of a player known to be gone, with the game\'s own hold time', () => {
    let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'p1', hostDisplayName: 'P1', now: CTX.now, seatHoldMs: 5000 });
    s = run(s, { type: 'join', userId: 'p2', displayName: 'P2' }).state;
    s = run(s, { type: 'join', userId: 'p3', displayName: 'P3' }).state;
    s = run(s, { type: 'update_role_selection', userId: 'p1', roles: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy', 'Role Looker', 'Role Thief', 'Role Swapper'] }).state;
    s.players.forEach((p) => (p.connections = p.userId === 'p3' ? 0 : 1));
    s = applyCommand(s, { type: 'start_game', userId: 'p1' }, { now: CTX.now + 10, seed: 'seed' }).state;
    expect(seat(s, 'p3').seatHeldUntil).toBe(CTX.now + 10 + 5000);
    expect(seat(s, 'p2').seatHeldUntil).toBeNull();
  });

  it('does not wait for a player who is gone to play again', () => {
    let s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'], phase: 'vote' });
    s.players.forEach((p) => (p.connections = 1));
    s = castVotesAll(s);
    expect(s.phase).toBe('results');
    s = run(s, { type: 'play_again', userId: 'p1' }).state;
    s = run(s, { type: 'play_again', userId: 'p2' }).state;
    expect(s.phase).toBe('results');
    // p3 is still connected: waited for; once gone, the last present player's Play Again is enough
    s = leave(s, 'p3');
    s = run(s, { type: 'play_again', userId: 'p1' }).state;
    expect(s.phase).toBe('lobby');
    expect(s.players.map((p) => p.userId)).toEqual(['p1', 'p2', 'p3']);
  });

  it('passes host rights to the next present human when the host\'s seat goes to the autopilot', () => {
    let s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', { role: 'Basic Good Guy', bot: true }, 'Basic Good Guy'] });
    s.players.forEach((p) => (p.connections = p.isBot ? undefined : 1));
    s = leave(s, 'p2');
    s = leave(s, 'p1', CTX.now + 1);
    s = run(s, { type: 'deadline' }, CTX.now + 1 + HOLD).state;
    // p2 is on autopilot too, the bot is skipped: p4 is the next present human
    expect(s.hostId).toBe('p4');
  });
});

describe('kick and leave (docs/rules.md "Kick and leave")', () => {
  function lobby(): GameState {
    let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'p1', hostDisplayName: 'P1', now: CTX.now });
    for (const id of ['p2', 'p3']) s = run(s, { type: 'join', userId: id, displayName: id.toUpperCase() }).state;
    return run(s, { type: 'add_bot', userId: 'p1', botUserId: 'bot-1' }).state;
  }

  it('the host removes a player, who cannot join again; the seats close up', () => {
    const out = run(lobby(), { type: 'kick_player', userId: 'p1', targetUserId: 'p2' });
    expect(out.state.players.map((p) => [p.userId, p.seatPosition])).toEqual([['p1', 0], ['p3', 1], ['bot-1', 2]]);
    expect(out.removed).toEqual([{ userId: 'p2', reason: 'kicked' }]);
    expect(out.notice).toEqual({ code: 'player_kicked', params: { player: { userId: 'p2', displayName: 'P2' } } });
    expectRejected(out.state, (x) => run(x, { type: 'join', userId: 'p2', displayName: 'P2' }), { code: 'KICKED', title: 'Cannot Join', message: 'The host removed you from this room' });
  });

  it('refuses a kick from a non-host, of the host, of a bot, of a stranger, and outside the lobby', () => {
    const s = lobby();
    expectRejected(s, (x) => run(x, { type: 'kick_player', userId: 'p2', targetUserId: 'p3' }), { code: 'NOT_HOST' });
    expectRejected(s, (x) => run(x, { type: 'kick_player', userId: 'p1', targetUserId: 'p1' }), { code: 'INVALID_TARGET' });
    expectRejected(s, (x) => run(x, { type: 'kick_player', userId: 'p1', targetUserId: 'bot-1' }), { code: 'INVALID_TARGET' });
    expectRejected(s, (x) => run(x, { type: 'kick_player', userId: 'p1', targetUserId: 'nobody' }), { code: 'PLAYER_NOT_FOUND' });
    expectRejected(dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'] }), (x) => run(x, { type: 'kick_player', userId: 'p1', targetUserId: 'p2' }), { code: 'GAME_IN_PROGRESS' });
  });

  it('a leaving host passes host rights to the next human; a player who left may come back', () => {
    let out = run(lobby(), { type: 'leave_game', userId: 'p1' });
    expect(out.state.hostId).toBe('p2');
    expect(out.removed).toEqual([{ userId: 'p1', reason: 'left' }]);
    expect(out.state.players.map((p) => p.userId)).toEqual(['p2', 'p3', 'bot-1']);
    out = run(out.state, { type: 'join', userId: 'p1', displayName: 'P1' });
    expect(out.state.players.map((p) => p.userId)).toEqual(['p2', 'p3', 'bot-1', 'p1']);
    expectRejected(dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'] }), (x) => run(x, { type: 'leave_game', userId: 'p2' }), { code: 'WRONG_PHASE' });
  });
});
