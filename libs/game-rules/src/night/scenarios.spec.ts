/**
 * docs/rules.md "Scenarios" (night scenarios 1-8) and further rules of docs/rules.md "Night resolution", driven through
 * `applyCommand` on hand-dealt games.
 */
import { applyCommand } from '../engine.js';
import { CTX, codes, dealtGame, expectRejected, lines, pid, player, ref, run, runNight } from '../testing/fixtures.js';
import type { ActionPayload, GameState, RoleName } from '../types.js';
import { playerView } from '../view.js';
import { finalIdentity } from '../vote.js';

const submit = (s: GameState, userId: string, action: ActionPayload) => applyCommand(s, { type: 'submit_action', userId, action }, CTX);

describe('docs/rules.md "Scenarios" night scenarios', () => {
  it('1: Thief robs the Bad Guy after the Looker saw the Thief card', () => {
    const s0 = dealtGame({ players: ['Role Thief', 'Role Looker', 'Bad Guy'] });
    const s = runNight(s0, {
      p2: { type: 'view_player', targetUserId: 'p1' },
      p1: { type: 'rob_player', targetUserId: 'p3' },
      p3: { type: 'view_center_card', centerIndex: 0 },
    });
    expect(s.phase).toBe('role_resolve');
    expect(lines(player(s, 'p2').actionResult)).toEqual([{ code: 'saw_player_card', params: { player: ref('p1'), role: 'Role Thief' } }]);
    expect(player(s, 'p2').actionResult?.data?.seen).toEqual([{ userId: 'p1', displayName: 'P1', role: 'Role Thief' }]);
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'robbed_player', params: { player: ref('p3'), role: 'Bad Guy' } }]);
    expect(player(s, 'p1').actionResult?.data?.newRole).toBe('Bad Guy');
    expect(s.players.map((p) => p.currentRole)).toEqual(['Bad Guy', 'Role Looker', 'Role Thief']);
    // The robbed Bad Guy learns nothing of the theft (only its own peek).
    expect(lines(player(s, 'p3').actionResult)).toEqual([
      { code: 'fellow_wolves', params: { players: [] } },
      { code: 'saw_center_card', params: { center: 0, role: 'Basic Good Guy' } },
    ]);
  });

  it("2: Self-Checker robbed by the Thief sees the Thief card and that its role changed", () => {
    const s = runNight(dealtGame({ players: ['Role Thief', 'Self-Checker', 'Basic Good Guy'] }), {
      p1: { type: 'rob_player', targetUserId: 'p2' },
    });
    const r = player(s, 'p2').actionResult;
    expect(lines(r)).toEqual([{ code: 'role_changed', params: { role: 'Role Thief' } }]);
    expect(r?.data).toEqual({ originalRole: 'Self-Checker', finalRole: 'Role Thief' });
    expect(playerView(s, 'p2').me?.knownCurrentRole).toBe('Role Thief');
    expect(playerView(s, 'p1').me?.knownCurrentRole).toBe('Self-Checker');
    const logEntry = s.nightLog.find((e) => e.userId === 'p2');
    expect(logEntry?.kind).toBe('self_check');
    expect(logEntry?.result).toEqual([{ code: 'role_changed', params: { role: 'Role Thief' } }]);
  });

  it('2b: an untouched Self-Checker is told its role is still Self-Checker', () => {
    const s = runNight(dealtGame({ players: ['Role Thief', 'Self-Checker', 'Basic Good Guy'] }), {
      p1: { type: 'rob_player', targetUserId: 'p3' },
    });
    expect(lines(player(s, 'p2').actionResult)).toEqual([{ code: 'role_unchanged', params: { role: 'Self-Checker' } }]);
  });

  it('3: two Role Swappers resolve in seat order', () => {
    const s0 = dealtGame({
      players: ['Role Swapper', 'Role Swapper', 'Basic Good Guy', 'Revenge Voter', 'Self-Eliminator', 'Mutual Knowers', 'Bad Guy Helper'],
    });
    const x = s0.players.map((p) => p.currentRole);
    const s = runNight(s0, {
      p1: { type: 'swap_players', player1UserId: 'p3', player2UserId: 'p4' },
      p2: { type: 'swap_players', player1UserId: 'p4', player2UserId: 'p5' },
    });
    expect(player(s, 'p3').currentRole).toBe(x[3]);
    expect(player(s, 'p4').currentRole).toBe(x[4]);
    expect(player(s, 'p5').currentRole).toBe(x[2]);
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'swapped_players', params: { player: ref('p3'), player2: ref('p4') } }]);
    expect(lines(player(s, 'p2').actionResult)).toEqual([{ code: 'swapped_players', params: { player: ref('p4'), player2: ref('p5') } }]);
  });

  it('3b: the seat order decides even when the later seat submits first', () => {
    const s0 = dealtGame({ players: ['Role Swapper', 'Role Swapper', 'Basic Good Guy', 'Revenge Voter', 'Self-Eliminator'] });
    let s = run(s0, { type: 'submit_action', userId: 'p2', action: { type: 'swap_players', player1UserId: 'p4', player2UserId: 'p5' } }).state;
    s = runNight(s, { p1: { type: 'swap_players', player1UserId: 'p3', player2UserId: 'p4' } });
    expect(s.players.slice(2).map((p) => p.currentRole)).toEqual(['Revenge Voter', 'Self-Eliminator', 'Basic Good Guy']);
  });

  it('8: Random Role Taker robbed first moves the card it now holds', () => {
    const s0 = dealtGame({
      players: ['Random Role Taker', 'Basic Good Guy', 'Mutual Knowers', 'Role Thief'],
      center: ['Basic Good Guy', 'Self-Eliminator', 'Bad Guy'],
    });
    const s = runNight(s0, {
      p1: { type: 'swap_center', centerIndex: 2 },
      p4: { type: 'rob_player', targetUserId: 'p1' },
    });
    expect(player(s, 'p4').currentRole).toBe('Random Role Taker');
    expect(player(s, 'p1').currentRole).toBe('Bad Guy');
    expect(s.centerCards[2]).toBe('Role Thief');
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'swapped_with_center', params: { center: 2 } }]);
    expect(playerView(s, 'p1').me?.knownCurrentRole).toBeNull();
    expect(lines(player(s, 'p4').actionResult)).toEqual([{ code: 'robbed_player', params: { player: ref('p1'), role: 'Random Role Taker' } }]);
  });

  it('4: the Converter converts a Basic Good Guy with the bad-guy pile; converting a wolf or itself is rejected', () => {
    const s0 = dealtGame({ players: ['Bad Guy Converter', 'Bad Guy', 'Basic Good Guy'] });
    expect(s0.centerCards).toHaveLength(4);
    expect(s0.centerCards[3]).toBe('Bad Guy');
    expectRejected(s0, (x) => submit(x, 'p1', { type: 'convert_player', targetUserId: 'p2' }), {
      code: 'INVALID_TARGET', title: 'Invalid Action', message: 'You cannot convert a bad guy',
    });
    expectRejected(s0, (x) => submit(x, 'p1', { type: 'convert_player', targetUserId: 'p1' }), { code: 'SELF_TARGET' });
    const s = runNight(s0, { p1: { type: 'convert_player', targetUserId: 'p3' } });
    expect(player(s, 'p3').currentRole).toBe('Bad Guy');
    expect(s.centerCards[3]).toBe('Basic Good Guy');
    expect(player(s, 'p3').convertedBy).toBe('p1');
    expect(player(s, 'p1').actionResult).toEqual({
      lines: [
        { code: 'fellow_wolves', params: { players: [ref('p2')] } },
        { code: 'converted_player', params: { player: ref('p3'), role: 'Bad Guy' } },
      ],
      data: { targetName: 'P3', convertedTo: 'Bad Guy' },
    });
    // The converted player is not told.
    expect(player(s, 'p3').actionResult).toBeNull();
    expect(playerView(s, 'p3').me?.knownCurrentRole).toBeNull();
  });

  describe('5: the Paranormal Investigator', () => {
    const investigate = (a: RoleName, b: RoleName) =>
      runNight(dealtGame({ players: ['Paranormal Investigator', a, b, 'Bad Guy'] }), {
        p1: { type: 'investigate_players', targetUserIds: ['p2', 'p3'] },
      });

    it('(Good, Good): stays good', () => {
      const s = investigate('Basic Good Guy', 'Mutual Knowers');
      const p1 = player(s, 'p1');
      expect(p1.transformedTo).toBeNull();
      expect(lines(p1.actionResult)).toEqual([
        { code: 'saw_player_card', params: { player: ref('p2'), role: 'Basic Good Guy' } },
        { code: 'saw_player_card', params: { player: ref('p3'), role: 'Mutual Knowers' } },
      ]);
      expect(p1.actionResult?.data?.seen?.map((x) => x.role)).toEqual(['Basic Good Guy', 'Mutual Knowers']);
      expect(p1.actionResult?.data?.becameTeam).toBeUndefined();
      expect(finalIdentity(p1).team).toBe('good');
    });

    it('(Good, Isolated Bad Guy): becomes bad team', () => {
      const s = investigate('Basic Good Guy', 'Isolated Bad Guy');
      const p1 = player(s, 'p1');
      expect(p1.transformedTo).toBe('Bad Guy');
      expect(p1.actionResult?.data?.becameTeam).toBe('bad');
      expect(lines(p1.actionResult)?.at(-1)).toEqual({ code: 'turned_bad', params: { team: 'bad' } });
      expect(finalIdentity(p1)).toMatchObject({ team: 'bad', isWolf: true });
    });

    it('(Bad Guy, anything): stops after the first and becomes bad team', () => {
      const s = investigate('Bad Guy', 'Self-Eliminator');
      const p1 = player(s, 'p1');
      expect(p1.actionResult?.data?.seen).toEqual([{ userId: 'p2', displayName: 'P2', role: 'Bad Guy' }]);
      expect(codes(p1.actionResult)).toEqual(['saw_player_card', 'turned_bad']);
      expect(JSON.stringify(p1.actionResult)).not.toContain('p3');
      expect(finalIdentity(p1).team).toBe('bad');
    });

    it('(Self-Eliminator first): becomes a Self-Eliminator', () => {
      const s = investigate('Self-Eliminator', 'Bad Guy');
      const p1 = player(s, 'p1');
      expect(p1.transformedTo).toBe('Self-Eliminator');
      expect(p1.actionResult?.data?.seen).toHaveLength(1);
      expect(p1.actionResult?.data?.becameTeam).toBe('neutral');
      expect(finalIdentity(p1)).toMatchObject({ winRole: 'Self-Eliminator', team: 'neutral', isWolf: false });
    });
  });

  it('6: Village Idiot in seat 4 of 6 shifts toward the lower seat (left): A,B,C,VI,E,F -> B,C,E,VI,F,A', () => {
    const cards: RoleName[] = ['Basic Good Guy', 'Revenge Voter', 'Self-Eliminator', 'Village Idiot', 'Mutual Knowers', 'Bad Guy Helper'];
    const [A, B, C, VI, E, F] = cards;
    const s0 = dealtGame({ players: cards, center: ['Role Thief', 'Bad Guy', 'Self-Checker'] });
    const s = runNight(s0, { p4: { type: 'shift_cards', direction: 'left' } });
    expect(s.players.map((p) => p.currentRole)).toEqual([B, C, E, VI, F, A]);
    expect(s.centerCards).toEqual(['Role Thief', 'Bad Guy', 'Self-Checker']);
    expect(lines(player(s, 'p4').actionResult)).toEqual([{ code: 'shifted_cards', params: { direction: 'left' } }]);
    // right is the other way round
    const r = runNight(s0, { p4: { type: 'shift_cards', direction: 'right' } });
    expect(r.players.map((p) => p.currentRole)).toEqual([F, A, B, VI, C, E]);
  });

  it('7: a shield on P2: the Thief robbing P2 changes nothing ("shielded") and the Village Idiot skips P2', () => {
    const s0 = dealtGame({ players: ['Role Locker', 'Basic Good Guy', 'Role Thief', 'Village Idiot', 'Self-Eliminator', 'Mutual Knowers'] });
    const s = runNight(s0, {
      p1: { type: 'protect_player', targetUserId: 'p2' },
      p3: { type: 'rob_player', targetUserId: 'p2' },
      p4: { type: 'shift_cards', direction: 'left' },
    });
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'shielded_card', params: { player: ref('p2'), self: false } }]);
    expect(player(s, 'p1').shieldedPlayer).toBe('p2');
    expect(player(s, 'p3').actionResult).toEqual({ lines: [{ code: 'rob_shielded', params: { player: ref('p2'), own: false } }], data: { targetName: 'P2', shielded: true } });
    // Seats 1, 3, 5, 6 take part: 1 <- 3, 3 <- 5, 5 <- 6, 6 <- 1; P2 and the Village Idiot keep theirs.
    expect(s.players.map((p) => p.currentRole)).toEqual([
      'Role Thief', 'Basic Good Guy', 'Self-Eliminator', 'Village Idiot', 'Mutual Knowers', 'Role Locker',
    ]);
    expect(lines(player(s, 'p4').actionResult)).toEqual([
      { code: 'shifted_cards', params: { direction: 'left' } },
      { code: 'shift_skipped', params: { players: [ref('p2')] } },
    ]);
  });
});

describe('night resolution details (docs/rules.md "Night resolution")', () => {
  it('the Role Looker sees the card as it is at step 6, before the Thief at step 7', () => {
    const s = runNight(dealtGame({ players: ['Role Looker', 'Role Thief', 'Bad Guy'] }), {
      p1: { type: 'view_player', targetUserId: 'p3' },
      p2: { type: 'rob_player', targetUserId: 'p3' },
    });
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'saw_player_card', params: { player: ref('p3'), role: 'Bad Guy' } }]);
  });

  it('the Role Looker can view two center cards', () => {
    const s = runNight(
      dealtGame({ players: ['Role Looker', 'Basic Good Guy', 'Bad Guy', 'Bad Guy'], center: ['Role Thief', 'Self-Checker', 'Basic Good Guy'] }),
      { p1: { type: 'view_center', positions: [2, 0] } },
    );
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'saw_center_cards', params: { centers: [2, 0], roles: ['Basic Good Guy', 'Role Thief'] } }]);
    expect(player(s, 'p1').actionResult?.data?.seen).toEqual([
      { centerIndex: 2, role: 'Basic Good Guy' },
      { centerIndex: 0, role: 'Role Thief' },
    ]);
  });

  it('a lone Bad Guy may peek at one center card; two Bad Guys see each other and cannot', () => {
    const lone = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Role Looker'], center: ['Self-Checker', 'Bad Guy', 'Role Thief'] });
    expect(playerView(lone, 'p1').me?.allowedActions).toEqual(['view_center_card', 'pass']);
    expect(playerView(lone, 'p1').me?.nightInfo).toEqual({ badGuys: [], loneWolf: true });
    const s = runNight(lone, { p1: { type: 'view_center_card', centerIndex: 1 } });
    expect(player(s, 'p1').actionResult).toEqual({
      lines: [
        { code: 'fellow_wolves', params: { players: [] } },
        { code: 'saw_center_card', params: { center: 1, role: 'Bad Guy' } },
      ],
      data: { seen: [{ centerIndex: 1, role: 'Bad Guy' }] },
    });

    const pair = dealtGame({ players: ['Bad Guy', 'Bad Guy', 'Role Looker'] });
    expect(playerView(pair, 'p1').me?.allowedActions).toEqual(['no_action']);
    expect(playerView(pair, 'p1').me?.nightInfo).toEqual({ badGuys: [{ userId: 'p2', displayName: 'P2', role: 'Bad Guy' }], loneWolf: false });
    const s2 = runNight(pair, {});
    expect(lines(player(s2, 'p1').actionResult)).toEqual([{ code: 'fellow_wolves', params: { players: [ref('p2')] } }]);
    expect(s2.nightLog.find((e) => e.userId === 'p1')?.order).toBe(0);
  });

  it('the Isolated Bad Guy counts as a wolf for the lone-wolf test, is seen by the Bad Guy and sees nothing', () => {
    const s = dealtGame({ players: ['Bad Guy', 'Isolated Bad Guy', 'Bad Guy Helper', 'Basic Good Guy'] });
    expect(playerView(s, 'p1').me?.nightInfo).toEqual({
      badGuys: [{ userId: 'p2', displayName: 'P2', role: 'Isolated Bad Guy' }],
      loneWolf: false,
    });
    expect(playerView(s, 'p1').me?.allowedActions).toEqual(['no_action']);
    expect(playerView(s, 'p2').me?.nightInfo).toBeNull();
    expect(playerView(s, 'p3').me?.nightInfo?.badGuys?.map((b) => b.userId)).toEqual(['p1', 'p2']);
  });

  it('Mutual Knowers see each other and the Helper sees the wolves', () => {
    const s = runNight(dealtGame({ players: ['Mutual Knowers', 'Mutual Knowers', 'Bad Guy Helper', 'Bad Guy', 'Basic Good Guy'] }), {});
    expect(playerView(s, 'p1').me?.nightInfo).toEqual({ mutualKnowers: [{ userId: 'p2', displayName: 'P2' }] });
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'other_mutual_knowers', params: { players: [ref('p2')] } }]);
    expect(lines(player(s, 'p3').actionResult)).toEqual([{ code: 'helper_wolves', params: { players: [ref('p4')] } }]);
    expect(player(s, 'p5').actionResult).toBeNull();
  });

  it('a pass is recorded and a Basic Good Guy learns nothing', () => {
    const s = runNight(dealtGame({ players: ['Role Thief', 'Basic Good Guy', 'Bad Guy'] }), { p1: { type: 'pass' } });
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'passed', params: {} }]);
    expect(player(s, 'p1').currentRole).toBe('Role Thief');
    expect(player(s, 'p2').actionResult).toBeNull();
  });

  it('the night log has one entry per player, in resolution order, with action kinds and results', () => {
    const s = runNight(
      dealtGame({ players: ['Self-Checker', 'Random Role Taker', 'Role Thief', 'Role Looker', 'Bad Guy', 'Basic Good Guy', 'Role Swapper'] }),
      {
        p2: { type: 'swap_center', centerIndex: 1 },
        p3: { type: 'rob_player', targetUserId: 'p5' },
        p4: { type: 'view_player', targetUserId: 'p3' },
        p5: { type: 'view_center_card', centerIndex: 0 },
        p7: { type: 'swap_players', player1UserId: 'p1', player2UserId: 'p6' },
      },
    );
    expect(s.nightLog.map((e) => e.role)).toEqual([
      'Bad Guy', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Basic Good Guy',
    ]);
    expect(s.nightLog.map((e) => e.order)).toEqual([1, 4, 5, 6, 7, 10, 0]);
    expect(s.nightLog[2]?.kind).toBe('rob_player');
    expect(s.nightLog[2]?.result).toEqual([{ code: 'robbed_player', params: { player: ref('p5'), role: 'Bad Guy' } }]);
    // The Self-Checker was swapped with the Basic Good Guy at step 8, before its step 12.
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'role_changed', params: { role: 'Basic Good Guy' } }]);
    expect(s.nightLog.at(-1)?.result).toEqual([]);
  });

  it('Random Role Taker submitting without an index takes center card 1; swap_with_center is accepted', () => {
    const s0 = dealtGame({ players: ['Random Role Taker', 'Basic Good Guy', 'Bad Guy'], center: ['Self-Checker', 'Role Thief', 'Role Looker'] });
    const a = runNight(s0, { p1: { type: 'swap_center' } });
    expect(player(a, 'p1').currentRole).toBe('Self-Checker');
    expect(player(a, 'p1').actionData).toEqual({ type: 'swap_center', centerIndex: 0 });
    const b = runNight(s0, { p1: { type: 'swap_with_center' } });
    expect(player(b, 'p1').currentRole).toBe('Self-Checker');
  });

  it('the night is resolved only when the last action is in', () => {
    const s0 = dealtGame({ players: ['Role Thief', 'Basic Good Guy', 'Bad Guy'] });
    const s1 = run(s0, { type: 'submit_action', userId: 'p1', action: { type: 'rob_player', targetUserId: 'p3' } });
    expect(s1.state.phase).toBe('job_choice');
    expect(s1.event).toBe('game_updated');
    expect(player(s1.state, 'p1').currentRole).toBe('Role Thief');
    const s2 = run(s1.state, { type: 'submit_action', userId: 'p2', action: { type: 'no_action' } });
    const s3 = run(s2.state, { type: 'submit_action', userId: 'p3', action: { type: 'view_center_card', centerIndex: 0 } });
    expect(s3.event).toBe('phase_changed');
    expect(s3.state.phase).toBe('role_resolve');
    expect(player(s3.state, 'p1').currentRole).toBe('Bad Guy');
  });

  it('bots submit their actions at the start of job_choice and the night resolves when humans are done', () => {
    let s = dealtGame({
      players: [{ role: 'Basic Good Guy' }, { role: 'Role Thief', bot: true }, { role: 'Role Looker', bot: true }, { role: 'Bad Guy', bot: true }],
      phase: 'role_deal',
    });
    s = run(s, { type: 'ready_next_phase', userId: pid(1) }).state;
    s = run(s, { type: 'ready_next_phase', userId: pid(2) }).state;
    s = run(s, { type: 'ready_next_phase', userId: pid(3) }).state;
    const out = run(s, { type: 'ready_next_phase', userId: pid(0) });
    expect(out.state.phase).toBe('job_choice');
    expect(out.state.players.filter((p) => p.isBot).every((p) => p.hasSubmitted)).toBe(true);
    const done = run(out.state, { type: 'submit_action', userId: pid(0), action: { type: 'no_action' } }, CTX.now + 5);
    expect(done.state.phase).toBe('role_resolve');
    expect(done.state.nightLog).toHaveLength(4);
  });
});
