/**
 * docs/rules.md "Votes", docs/rules.md "Wins" and the vote scenarios of docs/rules.md "Scenarios" (9-16).
 */
import { castVotes, CTX, dealtGame, lines, passDeadline, player, ref, run, runNight } from './testing/fixtures.js';
import { playerView } from './view.js';
import type { GameState, RoleName } from './types.js';
import { computeVoteResults } from './vote.js';

function voteGame(roles: RoleName[]): GameState {
  return dealtGame({ players: roles, phase: 'vote' });
}

const winnersOf = (s: GameState) => s.voteResults?.winners.slice().sort();
const eliminatedOf = (s: GameState) => s.voteResults?.eliminatedPlayers.map((e) => e.userId);

describe('docs/rules.md "Scenarios" vote scenarios', () => {
  it('9: a 2-2 tie between two wolves eliminates both; the Good Team wins', () => {
    const s = castVotes(voteGame(['Bad Guy', 'Advanced Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Self-Checker']), {
      p3: 'p1', p4: 'p1', p5: 'p2', p1: 'p2', p2: 'p3',
    });
    expect(s.phase).toBe('results');
    expect(eliminatedOf(s)).toEqual(['p1', 'p2']);
    expect(s.voteResults?.voteCount).toEqual({ p1: 2, p2: 2, p3: 1, p4: 0, p5: 0 });
    expect(winnersOf(s)).toEqual(['p3', 'p4', 'p5']);
    expect(s.voteResults?.winningTeams).toEqual(['good']);
    expect(s.voteResults?.winConditions).toEqual([{ code: 'good_wins_wolf_eliminated', params: { team: 'good' } }]);
    expect(s.voteResults?.eliminatedPlayers[1]).toEqual({ userId: 'p2', displayName: 'P2', role: 'Advanced Bad Guy' });
  });

  it('10: no wolves among the players and one vote each: nobody eliminated, the Good Team wins', () => {
    const s = castVotes(voteGame(['Basic Good Guy', 'Role Thief', 'Mutual Knowers', 'Self-Checker']), {
      p1: 'p2', p2: 'p3', p3: 'p4', p4: 'p1',
    });
    expect(eliminatedOf(s)).toEqual([]);
    expect(winnersOf(s)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(s.voteResults?.winConditions).toEqual([{ code: 'good_wins_no_wolves', params: { team: 'good' } }]);
    expect(s.voteResults?.playerResults[0]).toEqual({ userId: 'p1', isWinner: true, reason: { code: 'good_won_no_wolves', params: {} } });
  });

  it('11a: Self-Eliminator and a Mutual Knower eliminated: only the Self-Eliminator wins', () => {
    const s = castVotes(voteGame(['Bad Guy', 'Advanced Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Self-Eliminator']), {
      p1: 'p5', p2: 'p5', p4: 'p3', p5: 'p3', p3: 'p1',
    });
    expect(eliminatedOf(s)).toEqual(['p3', 'p5']);
    expect(winnersOf(s)).toEqual(['p5']);
    expect(s.voteResults?.winningTeams).toEqual(['neutral']);
    expect(s.voteResults?.playerResults.find((r) => r.userId === 'p5')?.reason.code).toBe('self_eliminator_won');
    expect(s.voteResults?.playerResults.find((r) => r.userId === 'p1')?.reason.code).toBe('bad_lost_self_eliminator');
    expect(s.voteResults?.winConditions).toEqual([{ code: 'self_eliminator_wins', params: { role: 'Self-Eliminator' } }]);
  });

  it('11b: Self-Eliminator and a Bad Guy eliminated: the Self-Eliminator and the Good Team win', () => {
    const s = castVotes(voteGame(['Bad Guy', 'Advanced Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Self-Eliminator']), {
      p3: 'p1', p4: 'p1', p1: 'p5', p2: 'p5', p5: 'p2',
    });
    expect(eliminatedOf(s)).toEqual(['p1', 'p5']);
    expect(winnersOf(s)).toEqual(['p3', 'p4', 'p5']);
    expect(s.voteResults?.winningTeams).toEqual(['good', 'neutral']);
  });

  it('12a: no wolves, Helper present, a Mutual Knower eliminated: the Helper wins', () => {
    const s = castVotes(voteGame(['Bad Guy Helper', 'Mutual Knowers', 'Mutual Knowers', 'Basic Good Guy']), {
      p1: 'p2', p3: 'p2', p4: 'p1', p2: 'p3',
    });
    expect(eliminatedOf(s)).toEqual(['p2']);
    expect(winnersOf(s)).toEqual(['p1']);
    expect(s.voteResults?.winningTeams).toEqual(['bad']);
  });

  it('12b: no wolves, the Helper eliminated: the Good Team loses and the Helper loses', () => {
    const s = castVotes(voteGame(['Bad Guy Helper', 'Mutual Knowers', 'Mutual Knowers', 'Basic Good Guy']), {
      p2: 'p1', p3: 'p1', p1: 'p2', p4: 'p3',
    });
    expect(eliminatedOf(s)).toEqual(['p1']);
    expect(winnersOf(s)).toEqual([]);
    expect(s.voteResults?.winningTeams).toEqual([]);
    expect(s.voteResults?.playerResults.every((r) => !r.isWinner)).toBe(true);
  });

  it('13: an eliminated Revenge Voter who voted for a Bad Guy takes the Bad Guy along; the Good Team wins', () => {
    const s = castVotes(voteGame(['Revenge Voter', 'Bad Guy', 'Basic Good Guy', 'Basic Good Guy']), {
      p1: 'p2', p2: 'p1', p3: 'p1', p4: 'p3',
    });
    expect(eliminatedOf(s)).toEqual(['p1', 'p2']);
    expect(winnersOf(s)).toEqual(['p1', 'p3', 'p4']);
  });

  it('15: the Random Role Taker takes a center Bad Guy; a Basic Good Guy is eliminated: the new wolf and the bad team win', () => {
    let s = dealtGame({
      players: ['Random Role Taker', 'Basic Good Guy', 'Basic Good Guy', 'Role Looker'],
      center: ['Bad Guy', 'Self-Checker', 'Mutual Knowers'],
    });
    s = runNight(s, { p1: { type: 'swap_center', centerIndex: 0 }, p4: { type: 'view_player', targetUserId: 'p2' } });
    for (const id of ['p1', 'p2', 'p3', 'p4']) s = run(s, { type: 'ready_next_phase', userId: id }).state;
    expect(s.phase).toBe('discussion');
    for (const id of ['p1', 'p2', 'p3', 'p4']) s = run(s, { type: 'ready_next_phase', userId: id }).state;
    expect(s.phase).toBe('vote');
    s = castVotes(s, { p1: 'p2', p3: 'p2', p4: 'p2', p2: 'p1' });
    expect(player(s, 'p1').currentRole).toBe('Bad Guy');
    expect(eliminatedOf(s)).toEqual(['p2']);
    expect(winnersOf(s)).toEqual(['p1']);
    expect(s.voteResults?.winningTeams).toEqual(['bad']);
    expect(s.voteResults?.winConditions).toEqual([{ code: 'bad_wins', params: { team: 'bad' } }]);
  });

  it('14: the Protector protects P1 who has 3 votes; P2 with 2 votes is eliminated; with 1 vote nobody', () => {
    const night = runNight(dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Protector', 'Basic Good Guy', 'Basic Good Guy', 'Mutual Knowers'] }), {
      p3: { type: 'protect_from_death', targetUserId: 'p1' },
    });
    expect(player(night, 'p3').protectedPlayer).toBe('p1');
    expect(lines(player(night, 'p3').actionResult)).toEqual([{ code: 'protected_player', params: { player: ref('p1') } }]);
    // The protected player is not told.
    expect(lines(player(night, 'p1').actionResult)).toEqual([{ code: 'fellow_wolves', params: { players: [] } }, { code: 'passed', params: {} }]);
    const toVote = (s: GameState) => ({ ...s, phase: 'vote' as const, deadlineAt: CTX.now + 60_000 });
    const a = castVotes(toVote(night), { p2: 'p1', p3: 'p1', p4: 'p1', p5: 'p2', p6: 'p2', p1: 'p3' });
    expect(eliminatedOf(a)).toEqual(['p2']);
    expect(winnersOf(a)).toEqual(['p1']);
    const b = castVotes(toVote(night), { p2: 'p1', p3: 'p1', p4: 'p1', p5: 'p2', p6: 'p4', p1: 'p3' });
    expect(eliminatedOf(b)).toEqual([]);
    expect(b.voteResults?.voteCount).toMatchObject({ p1: 3, p2: 1 });
    // The results reveal the protection.
    expect(playerView(b, 'p2').players.find((p) => p.userId === 'p3')?.protectedPlayer).toBe('p1');
  });

  it('16: the Stalker targets P3; P3 is eliminated: the Stalker wins alongside whoever else wins', () => {
    const night = runNight(dealtGame({ players: ['Stalker', 'Bad Guy', 'Bad Guy Helper', 'Basic Good Guy', 'Basic Good Guy'] }), {
      p1: { type: 'target_player', targetUserId: 'p3' },
    });
    expect(player(night, 'p1').stalkerTarget).toBe('p3');
    expect(player(night, 'p3').stalkerMarked).toBe(true);
    expect(lines(player(night, 'p3').actionResult)).toEqual([{ code: 'helper_wolves', params: { players: [ref('p2')] } }, { code: 'stalked', params: {} }]);
    expect(playerView(night, 'p3').me?.stalkerMarked).toBe(true);
    expect(playerView(night, 'p4').me?.stalkerMarked).toBe(false);
    const s = castVotes({ ...night, phase: 'vote', deadlineAt: CTX.now + 60_000 }, { p1: 'p3', p2: 'p3', p4: 'p3', p5: 'p1', p3: 'p1' });
    expect(eliminatedOf(s)).toEqual(['p3']);
    // The Helper (not a wolf) was eliminated: no wolf out, so the Bad Team wins too.
    expect(winnersOf(s)).toEqual(['p1', 'p2', 'p3']);
    expect(s.voteResults?.winningTeams).toEqual(['bad', 'neutral']);
    expect(s.voteResults?.playerResults[0]?.reason).toEqual({ code: 'stalker_target_eliminated', params: { player: ref('p3') } });
    expect(s.voteResults?.winConditions).toContainEqual({ code: 'stalker_wins', params: { role: 'Stalker' } });
  });
});

describe('vote rules (docs/rules.md "Votes")', () => {
  it('wolves present and nobody has more than one vote: nobody eliminated, the Bad Team wins', () => {
    const s = castVotes(voteGame(['Bad Guy', 'Bad Guy Helper', 'Basic Good Guy', 'Role Thief']), {
      p1: 'p2', p2: 'p3', p3: 'p4', p4: 'p1',
    });
    expect(eliminatedOf(s)).toEqual([]);
    expect(winnersOf(s)).toEqual(['p1', 'p2']);
  });

  it('a vote can be changed until the vote closes; abstentions at the deadline', () => {
    let s = voteGame(['Bad Guy', 'Basic Good Guy', 'Basic Good Guy', 'Role Thief']);
    s = castVotes(s, { p2: 'p3', p3: 'p1', p4: 'p1' });
    s = castVotes(s, { p2: 'p1' });
    expect(s.phase).toBe('vote');
    expect(player(s, 'p2').voteTarget).toBe('p1');
    const out = run(s, { type: 'deadline' }, (s.deadlineAt as number) + 1);
    expect(out.event).toBe('phase_changed');
    expect(out.state.phase).toBe('results');
    expect(out.state.deadlineAt).toBeNull();
    expect(out.state.settings.calculatingResults).toBe(false);
    expect(out.state.voteResults?.voteCount).toEqual({ p1: 3, p2: 0, p3: 0, p4: 0 });
    expect(eliminatedOf(out.state)).toEqual(['p1']);
  });

  it('nobody votes: nobody is eliminated', () => {
    const s = passDeadline(voteGame(['Bad Guy', 'Basic Good Guy', 'Basic Good Guy']));
    expect(eliminatedOf(s)).toEqual([]);
    expect(winnersOf(s)).toEqual(['p1']);
  });

  it('Revenge Voters chain, and an abstaining Revenge Voter takes nobody', () => {
    const chain = castVotes(voteGame(['Revenge Voter', 'Revenge Voter', 'Bad Guy', 'Basic Good Guy', 'Basic Good Guy']), {
      p1: 'p2', p2: 'p3', p3: 'p1', p4: 'p1', p5: 'p4',
    });
    expect(eliminatedOf(chain)).toEqual(['p1', 'p2', 'p3']);
    let s = voteGame(['Revenge Voter', 'Bad Guy', 'Basic Good Guy', 'Basic Good Guy']);
    s = passDeadline(castVotes(s, { p2: 'p1', p3: 'p1' }));
    expect(eliminatedOf(s)).toEqual(['p1']);
    expect(winnersOf(s)).toEqual(['p2']);
  });

  it('the Revenge Voter is decided by the final card, not the dealt one', () => {
    const s = castVotes(
      dealtGame({
        players: [{ role: 'Revenge Voter', current: 'Basic Good Guy' }, { role: 'Bad Guy' }, { role: 'Role Thief', current: 'Revenge Voter' }, { role: 'Basic Good Guy' }],
        phase: 'vote',
      }),
      { p1: 'p2', p2: 'p1', p3: 'p1', p4: 'p3' },
    );
    expect(eliminatedOf(s)).toEqual(['p1']);
  });

  it('protected players are skipped in favour of the next count of at least 2 (section 6)', () => {
    const s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy'], phase: 'vote' });
    for (const [v, t] of [['p2', 'p1'], ['p3', 'p1'], ['p4', 'p1'], ['p5', 'p2'], ['p6', 'p2'], ['p1', 'p3']] as const) {
      player(s, v).voteTarget = t;
    }
    player(s, 'p6').protectedPlayer = 'p1';
    expect(computeVoteResults(s).eliminatedPlayers.map((e) => e.userId)).toEqual(['p2']);
    player(s, 'p6').voteTarget = 'p4';
    expect(computeVoteResults(s).eliminatedPlayers).toEqual([]);
  });
});

describe('the Protector in a vote tie (docs/rules.md "Votes")', () => {
  /**
   * A night where P1 (Protector) protects `first` and, when `second` is given, P2 (a Role Copier that copies
   * the Protector) protects `second`, then the vote phase.
   */
  function protectedVote(roles: RoleName[], first: string, second?: string): GameState {
    const s = runNight(dealtGame({ players: roles }), {
      p1: { type: 'protect_from_death', targetUserId: first },
      ...(second ? { p2: [{ type: 'copy_role', targetUserId: 'p1' }, { type: 'protect_from_death', targetUserId: second }] } : {}),
    });
    expect(player(s, 'p1').protectedPlayer).toBe(first);
    if (second) expect(player(s, 'p2').protectedPlayer).toBe(second);
    return { ...s, phase: 'vote', deadlineAt: CTX.now + 60_000 };
  }
  const EIGHT: RoleName[] = ['Protector', 'Bad Guy', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy', 'Mutual Knowers', 'Mutual Knowers', 'Self-Checker'];
  const TWO_PROTECTORS: RoleName[] = ['Protector', 'Role Copier', 'Basic Good Guy', 'Basic Good Guy', 'Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Self-Checker'];

  it('one of the tied players is protected: exactly the unprotected tied players are eliminated, nobody at the next count', () => {
    // 3-3 tie between P2 (protected Bad Guy) and P3; P4 has 2 votes and stays.
    const s = castVotes(protectedVote(EIGHT, 'p2'), { p3: 'p2', p4: 'p2', p5: 'p2', p6: 'p3', p7: 'p3', p8: 'p3', p1: 'p4', p2: 'p4' });
    expect(s.voteResults?.voteCount).toMatchObject({ p2: 3, p3: 3, p4: 2 });
    expect(eliminatedOf(s)).toEqual(['p3']);
    // The protected wolf survives: the Bad Team wins.
    expect(winnersOf(s)).toEqual(['p2']);
    expect(s.voteResults?.winningTeams).toEqual(['bad']);
  });

  it('a three-way tie with one protected player eliminates the two unprotected ones', () => {
    const s = castVotes(protectedVote(EIGHT, 'p3'), { p3: 'p2', p4: 'p2', p5: 'p3', p6: 'p3', p7: 'p4', p8: 'p4', p1: 'p5', p2: 'p6' });
    expect(s.voteResults?.voteCount).toMatchObject({ p2: 2, p3: 2, p4: 2, p5: 1, p6: 1 });
    expect(eliminatedOf(s)).toEqual(['p2', 'p4']);
    expect(s.voteResults?.winningTeams).toEqual(['good']);
  });

  it('every tied player is protected: the elimination moves down to the next count of at least 2', () => {
    // P1 protects P3, the Role Copier (as a second Protector) protects P4; both have 3 votes; the Bad Guy P5 has 2.
    const s = castVotes(protectedVote(TWO_PROTECTORS, 'p3', 'p4'), { p5: 'p3', p6: 'p3', p7: 'p3', p8: 'p4', p1: 'p4', p2: 'p4', p3: 'p5', p4: 'p5' });
    expect(s.voteResults?.voteCount).toMatchObject({ p3: 3, p4: 3, p5: 2 });
    expect(eliminatedOf(s)).toEqual(['p5']);
    expect(s.voteResults?.winningTeams).toEqual(['good']);
  });

  it('every tied player is protected and the next count is 1: nobody is eliminated', () => {
    const s = castVotes(protectedVote(TWO_PROTECTORS, 'p3', 'p4'), { p5: 'p3', p6: 'p3', p7: 'p3', p8: 'p4', p1: 'p4', p2: 'p4', p3: 'p5', p4: 'p6' });
    expect(s.voteResults?.voteCount).toMatchObject({ p3: 3, p4: 3, p5: 1, p6: 1 });
    expect(eliminatedOf(s)).toEqual([]);
    expect(s.voteResults?.winningTeams).toEqual(['bad']);
  });

  it('moving down passes protected players again: at the next count only its unprotected players are eliminated', () => {
    // P3 (4 votes) is protected; at 2 votes P4 is protected and P5 is not.
    const s = castVotes(protectedVote(TWO_PROTECTORS, 'p3', 'p4'), { p5: 'p3', p6: 'p3', p7: 'p3', p8: 'p3', p1: 'p4', p2: 'p4', p3: 'p5', p4: 'p5' });
    expect(s.voteResults?.voteCount).toMatchObject({ p3: 4, p4: 2, p5: 2 });
    expect(eliminatedOf(s)).toEqual(['p5']);
  });

  it('moving down over two counts whose players are all protected', () => {
    const roles: RoleName[] = [...TWO_PROTECTORS, 'Basic Good Guy'];
    // P3 has 4 votes (protected), P4 3 (protected), P5 2: P5 is eliminated.
    const s = castVotes(protectedVote(roles, 'p3', 'p4'), { p5: 'p3', p6: 'p3', p7: 'p3', p8: 'p3', p9: 'p4', p1: 'p4', p2: 'p4', p3: 'p5', p4: 'p5' });
    expect(s.voteResults?.voteCount).toMatchObject({ p3: 4, p4: 3, p5: 2 });
    expect(eliminatedOf(s)).toEqual(['p5']);
  });

  it('an eliminated Revenge Voter does not take a protected player along', () => {
    const s = castVotes(protectedVote(['Protector', 'Revenge Voter', 'Bad Guy', 'Basic Good Guy', 'Basic Good Guy'], 'p3'), {
      p1: 'p2', p3: 'p2', p4: 'p2', p2: 'p3', p5: 'p4',
    });
    expect(eliminatedOf(s)).toEqual(['p2']);
    expect(winnersOf(s)).toEqual(['p3']);
  });
});
