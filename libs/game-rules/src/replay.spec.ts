/**
 * docs/rules.md "Night replay": `nightReplay` turns a resolved night into steps with the cards' positions,
 * from the night log and the final cards alone.
 */
import { applyCommand, createGame } from './engine.js';
import { nightReplay, replayInputOfView, type NightReplay, type ReplayCards } from './replay.js';
import { Rng } from './rng.js';
import { CTX, dealtGame, defaultAction, runNight } from './testing/fixtures.js';
import type { GameState, RoleId, RoleName } from './types.js';
import { playerView } from './view.js';

/** Seat cards of a snapshot as `userId -> card`. */
const seatsOf = (c: ReplayCards) => Object.fromEntries(c.seats.map((s) => [s.userId, s.card]));

/** The replay of a resolved state; fails the test when there is none. */
function replayOf(s: GameState): NightReplay {
  const r = nightReplay(s);
  if (!r) throw new Error('no replay');
  return r;
}

describe('docs/rules.md "Night replay"', () => {
  it('follows a swap chain: the Thief robs, the Swapper swaps the Thief away, the Random Role Taker sends the wolf to the center', () => {
    const s0 = dealtGame({
      players: ['Role Thief', 'Role Swapper', 'Random Role Taker', 'Bad Guy', 'Basic Good Guy'],
      center: ['Self-Eliminator', 'Revenge Voter', 'Mutual Knowers'],
    });
    const s = runNight(s0, {
      p1: { type: 'rob_player', targetUserId: 'p4' },
      p2: { type: 'swap_players', player1UserId: 'p1', player2UserId: 'p3' },
      p3: { type: 'swap_center', centerIndex: 1 },
      p4: { type: 'pass' },
    });
    const r = replayOf(s);
    expect(r.consistent).toBe(true);
    expect(seatsOf(r.start)).toEqual({ p1: 'Role Thief', p2: 'Role Swapper', p3: 'Random Role Taker', p4: 'Bad Guy', p5: 'Basic Good Guy' });
    expect(r.start.center).toEqual(['Self-Eliminator', 'Revenge Voter', 'Mutual Knowers']);
    // resolution order (docs/rules.md "Resolution steps"): Bad Guy (3), Thief (7), Swapper (8), Random Role Taker (9), then the roles without a step
    expect(r.steps.map((st) => [st.actor.userId, st.role, st.kind])).toEqual([
      ['p4', 'Bad Guy', 'pass'],
      ['p1', 'Role Thief', 'rob_player'],
      ['p2', 'Role Swapper', 'swap_players'],
      ['p3', 'Random Role Taker', 'swap_center'],
      ['p5', 'Basic Good Guy', 'no_action'],
    ]);
    const [pass, rob, swapped, drunk, quiet] = r.steps as [NightReplay['steps'][number], ...NightReplay['steps']];
    expect(pass.moves).toEqual([]);
    expect(seatsOf(pass.cards)).toEqual(seatsOf(r.start));

    expect(rob.targets).toEqual([{ kind: 'player', userId: 'p4', displayName: 'P4' }]);
    expect(rob.moves).toEqual([
      { card: 'Role Thief', from: { kind: 'seat', userId: 'p1' }, to: { kind: 'seat', userId: 'p4' } },
      { card: 'Bad Guy', from: { kind: 'seat', userId: 'p4' }, to: { kind: 'seat', userId: 'p1' } },
    ]);
    expect(seatsOf(rob.cards)).toMatchObject({ p1: 'Bad Guy', p4: 'Role Thief' });

    expect(swapped.targets.map((t) => (t.kind === 'player' ? t.userId : t.index))).toEqual(['p1', 'p3']);
    expect(seatsOf(swapped.cards)).toMatchObject({ p1: 'Random Role Taker', p3: 'Bad Guy' });

    expect(drunk.targets).toEqual([{ kind: 'center', index: 1 }]);
    expect(drunk.moves).toEqual([
      { card: 'Bad Guy', from: { kind: 'seat', userId: 'p3' }, to: { kind: 'center', index: 1 } },
      { card: 'Revenge Voter', from: { kind: 'center', index: 1 }, to: { kind: 'seat', userId: 'p3' } },
    ]);
    expect(drunk.cards.center).toEqual(['Self-Eliminator', 'Bad Guy', 'Mutual Knowers']);
    expect(seatsOf(drunk.cards)).toEqual({ p1: 'Random Role Taker', p2: 'Role Swapper', p3: 'Revenge Voter', p4: 'Role Thief', p5: 'Basic Good Guy' });

    // the last step's cards are the final cards of the results
    expect(seatsOf(quiet!.cards)).toEqual(Object.fromEntries(s.players.map((p) => [p.userId, p.currentRole])));
    expect(quiet!.cards.center).toEqual(s.centerCards);
  });

  it('reads the same from a results view as from the state, and gives nothing before the results', () => {
    const s = runNight(dealtGame({ players: ['Role Thief', 'Role Swapper', 'Bad Guy'] }), {
      p1: { type: 'rob_player', targetUserId: 'p3' },
      p2: { type: 'swap_players', player1UserId: 'p1', player2UserId: 'p3' },
    });
    expect(nightReplay(replayInputOfView(playerView(s, 'p1')))).toBeNull();
    const atResults: GameState = { ...s, phase: 'results' };
    for (const viewer of ['p1', 'p2', 'p3']) {
      expect(nightReplay(replayInputOfView(playerView(atResults, viewer)))).toEqual(replayOf(s));
    }
  });

  it('shows a move a shield stopped as blocked, with no card moving', () => {
    const s = runNight(dealtGame({ players: ['Role Locker', 'Role Thief', 'Bad Guy', 'Basic Good Guy'] }), {
      p1: { type: 'protect_player', targetUserId: 'p3' },
      p2: { type: 'rob_player', targetUserId: 'p3' },
    });
    const r = replayOf(s);
    const rob = r.steps.find((st) => st.kind === 'rob_player')!;
    expect(rob.blocked).toBe(true);
    expect(rob.moves).toEqual([]);
    expect(rob.result.map((l) => l.code)).toEqual(['rob_shielded']);
    expect(r.consistent).toBe(true);
  });

  it('moves the pile with the Converter, the Village Idiot around a shielded seat, and the Role Giver with the center', () => {
    const s0 = dealtGame({
      players: ['Bad Guy Converter', 'Role Locker', 'Village Idiot', 'Role Giver', 'Basic Good Guy', 'Self-Checker'],
      center: ['Revenge Voter', 'Mutual Knowers', 'Protector'],
    });
    const s = runNight(s0, {
      p1: { type: 'convert_player', targetUserId: 'p5' },
      p2: { type: 'protect_player', targetUserId: 'p6' },
      p3: { type: 'shift_cards', direction: 'left' },
      p4: { type: 'view_and_swap', centerIndex: 2, targetUserId: 'p1' },
    });
    const r = replayOf(s);
    expect(r.consistent).toBe(true);
    expect(r.start.center).toEqual(['Revenge Voter', 'Mutual Knowers', 'Protector', 'Bad Guy']);
    const convert = r.steps.find((st) => st.kind === 'convert_player')!;
    expect(convert.moves.map((m) => m.card).sort()).toEqual(['Bad Guy', 'Basic Good Guy']);
    expect(convert.cards.center[3]).toBe('Basic Good Guy');
    const shift = r.steps.find((st) => st.kind === 'shift_cards')!;
    // p3 (the idiot) and p6 (shielded) stay; p1, p2, p4, p5 shift left: p1 <- p2 <- p4 <- p5 <- p1
    expect(shift.moves).toHaveLength(4);
    expect(seatsOf(shift.cards)).toEqual({ p1: 'Role Locker', p2: 'Role Giver', p3: 'Village Idiot', p4: 'Bad Guy', p5: 'Bad Guy Converter', p6: 'Self-Checker' });
    const give = r.steps.find((st) => st.kind === 'view_and_swap')!;
    expect(give.targets).toEqual([{ kind: 'player', userId: 'p1', displayName: 'P1' }, { kind: 'center', index: 2 }]);
    expect(seatsOf(give.cards).p1).toBe('Protector');
    expect(give.cards.center[2]).toBe('Role Locker');
    expect(r.steps.at(-1)!.cards.center).toEqual(s.centerCards);
  });

  it('agrees with the engine in 300 seeded games of bots moving cards (every step from the final cards back to the deal)', () => {
    const pool: RoleName[] = [
      'Role Thief', 'Role Swapper', 'Random Role Taker', 'Role Giver', 'Village Idiot', 'Bad Guy Converter', 'Role Locker',
      'Role Copier', 'Paranormal Investigator', 'Bad Guy', 'Bad Guy', 'Role Looker', 'Self-Checker', 'Basic Good Guy', 'Tapper',
    ];
    let moving = 0;
    let blocked = 0;
    for (let g = 0; g < 300; g++) {
      const rng = new Rng(`replay-${g}`);
      const bots = 2 + rng.int(6);
      let s = createGame({ id: `g${g}`, roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: CTX.now });
      for (let b = 0; b < bots; b++) s = applyCommand(s, { type: 'add_bot', userId: 'h', botUserId: `bot${b}` }, CTX).state;
      const roles = rng.shuffle(pool.slice()).slice(0, bots + 4) as RoleId[];
      s = applyCommand(s, { type: 'update_role_selection', userId: 'h', roles }, CTX).state;
      s = applyCommand(s, { type: 'start_game', userId: 'h' }, { ...CTX, seed: `seed-${g}` }).state;
      s = applyCommand(s, { type: 'ready_next_phase', userId: 'h' }, CTX).state;
      while (s.phase === 'job_choice') s = applyCommand(s, { type: 'submit_action', userId: 'h', action: defaultAction(s, 'h') }, CTX).state;
      const r = replayOf(s);
      moving += r.steps.filter((st) => st.moves.length > 0).length;
      blocked += r.steps.filter((st) => st.blocked).length;
      const where = `game ${g}: ${roles.join(', ')}`;
      expect([where, r.consistent]).toEqual([where, true]);
      expect(r.steps).toHaveLength(s.nightLog.length);
      const last = r.steps.at(-1)!.cards;
      expect([where, seatsOf(last), last.center]).toEqual([where, Object.fromEntries(s.players.map((p) => [p.userId, p.currentRole])), s.centerCards]);
    }
    // the games did move cards, and shields did stop some moves
    expect(moving).toBeGreaterThan(300);
    expect(blocked).toBeGreaterThan(5);
  });
});
