/**
 * Behaviour of every role module (docs/rules.md "Roles" and docs/rules.md "Artifacts"), beyond the scenarios of docs/rules.md "Scenarios": each role's
 * choices, results, shields, copies, artifacts, notices and what each player's view shows.
 */
import { ARTIFACTS } from '../artifacts.js';
import { validateChatMessage } from '../chat.js';
import { applyCommand } from '../engine.js';
import { CTX, castVotes, codes, dealtGame, expectRejected, lines, player, ref, run, runNight } from '../testing/fixtures.js';
import type { ActionPayload, ArtifactId, GameState, RoleName } from '../types.js';
import { playerView } from '../view.js';
import { computeVoteResults, finalIdentity } from '../vote.js';

const submit = (s: GameState, userId: string, action: ActionPayload) =>
  applyCommand(s, { type: 'submit_action', userId, action }, CTX).state;
const me = (s: GameState, id: string) => playerView(s, id).me;
/** Moves a resolved night to the vote (the flow itself is tested in engine.spec.ts). */
const toVote = (s: GameState): GameState => ({ ...s, phase: 'vote', deadlineAt: CTX.now + 60_000 });

describe('Bad Guy Converter', () => {
  it('may convert only non-wolves other than itself, or pass; sees the wolves, the Isolated Bad Guy included', () => {
    const s = dealtGame({ players: ['Bad Guy Converter', 'Isolated Bad Guy', 'Bad Guy Helper', 'Basic Good Guy'] });
    expect(me(s, 'p1')?.allowedActions).toEqual(['convert_player', 'pass']);
    expect(me(s, 'p1')?.validTargets).toEqual({ convert_player: ['p3', 'p4'] });
    expect(me(s, 'p1')?.nightInfo).toEqual({ badGuys: [{ userId: 'p2', displayName: 'P2', role: 'Isolated Bad Guy' }] });
    const out = runNight(s, { p1: { type: 'pass' } });
    expect(lines(player(out, 'p1').actionResult)).toEqual([{ code: 'fellow_wolves', params: { players: [ref('p2')] } }, { code: 'passed', params: {} }]);
    expect(out.centerCards[3]).toBe('Bad Guy');
  });

  it('with only wolves around, it can only pass', () => {
    const s = dealtGame({ players: ['Bad Guy Converter', 'Bad Guy', 'Bad Guy'] });
    expect(me(s, 'p1')?.allowedActions).toEqual(['pass']);
  });

  it('a shielded target is not converted; the Role Looker then sees the untouched pile', () => {
    const s = runNight(dealtGame({ players: ['Role Locker', 'Bad Guy Converter', 'Basic Good Guy', 'Role Looker'] }), {
      p1: { type: 'protect_player', targetUserId: 'p3' },
      p2: { type: 'convert_player', targetUserId: 'p3' },
      p4: { type: 'view_werewolf_pile' },
    });
    expect(player(s, 'p3').currentRole).toBe('Basic Good Guy');
    expect(player(s, 'p2').actionResult).toEqual({
      lines: [{ code: 'fellow_wolves', params: { players: [] } }, { code: 'convert_shielded', params: { player: ref('p3') } }],
      data: { targetName: 'P3', shielded: true },
    });
    expect(lines(player(s, 'p4').actionResult)).toEqual([{ code: 'saw_pile', params: { role: 'Bad Guy' } }]);
    expect(player(s, 'p4').actionResult?.data?.badGuyPileCards).toEqual(['Bad Guy']);
  });

  it('the Role Looker sees the pile after the conversion (step 6 after step 3); the converted player is a wolf at dawn', () => {
    const s = runNight(dealtGame({ players: ['Bad Guy Converter', 'Self-Checker', 'Role Looker'] }), {
      p1: { type: 'convert_player', targetUserId: 'p2' },
      p3: { type: 'view_werewolf_pile' },
    });
    expect(player(s, 'p3').actionResult?.data?.badGuyPileCards).toEqual(['Self-Checker']);
    expect(finalIdentity(player(s, 'p2'))).toMatchObject({ card: 'Bad Guy', team: 'bad', isWolf: true });
    // The Self-Checker sees its final card and the conversion note.
    expect(player(s, 'p2').actionResult).toEqual({
      lines: [{ code: 'role_changed', params: { role: 'Bad Guy' } }, { code: 'was_converted', params: {} }],
      data: { originalRole: 'Self-Checker', finalRole: 'Bad Guy', wasConverted: true },
    });
    // Results reveal the conversion.
    const r = castVotes(toVote(s), { p1: 'p2', p3: 'p2', p2: 'p3' });
    expect(playerView(r, 'p3').players.find((p) => p.userId === 'p2')?.convertedBy).toBe('p1');
  });

  it('no pile when the Converter is in the center: view_werewolf_pile is not offered', () => {
    const s = dealtGame({ players: ['Role Looker', 'Single Role Looker', 'Bad Guy'], center: ['Bad Guy Converter', 'Basic Good Guy', 'Basic Good Guy'] });
    expect(s.centerCards).toHaveLength(3);
    expect(me(s, 'p1')?.allowedActions).toEqual(['view_player', 'view_center', 'pass']);
    expect(me(s, 'p2')?.allowedActions).toEqual(['view_center_card', 'pass']);
  });
});

describe('Advanced Bad Guy', () => {
  it('sees the fellow wolves and may view one other player at step 3, after the Converter', () => {
    const s0 = dealtGame({ players: ['Advanced Bad Guy', 'Bad Guy Converter', 'Role Thief', 'Basic Good Guy'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['view_player', 'pass']);
    expect(me(s0, 'p1')?.nightInfo).toEqual({ badGuys: [{ userId: 'p2', displayName: 'P2', role: 'Bad Guy Converter' }] });
    const s = runNight(s0, {
      p1: { type: 'view_player', targetUserId: 'p3' },
      p2: { type: 'convert_player', targetUserId: 'p3' },
      p3: { type: 'rob_player', targetUserId: 'p4' },
    });
    expect(player(s, 'p1').actionResult).toEqual({
      lines: [{ code: 'fellow_wolves', params: { players: [ref('p2')] } }, { code: 'saw_player_card', params: { player: ref('p3'), role: 'Bad Guy' } }],
      data: { targetName: 'P3', seen: [{ userId: 'p3', displayName: 'P3', role: 'Bad Guy' }] },
    });
    // The Thief still acts for its dealt card (docs/rules.md "Submitting actions") and takes P4's card.
    expect(player(s, 'p3').currentRole).toBe('Basic Good Guy');
    expect(player(s, 'p4').currentRole).toBe('Bad Guy');
  });
});

describe('Isolated Bad Guy', () => {
  it('does not wake: no action, no information, no result; the Helper sees him', () => {
    const s0 = dealtGame({ players: ['Isolated Bad Guy', 'Bad Guy Helper', 'Basic Good Guy'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['no_action']);
    expect(me(s0, 'p1')?.nightInfo).toBeNull();
    expect(me(s0, 'p2')?.nightInfo).toEqual({ badGuys: [{ userId: 'p1', displayName: 'P1', role: 'Isolated Bad Guy' }] });
    const s = runNight(s0, {});
    expect(player(s, 'p1').actionResult).toBeNull();
    expect(lines(player(s, 'p2').actionResult)).toEqual([{ code: 'helper_wolves', params: { players: [ref('p1')] } }]);
  });
});

describe('Role Locker', () => {
  it('may shield itself: the Self-Checker cannot look at its own shielded card', () => {
    const s = runNight(dealtGame({ players: ['Role Locker', 'Self-Checker', 'Basic Good Guy'] }), {
      p1: { type: 'protect_player', targetUserId: 'p2' },
    });
    expect(player(s, 'p2').actionResult).toEqual({ lines: [{ code: 'self_check_shielded', params: {} }], data: { shielded: true } });
    expect(me(s, 'p2')?.knownCurrentRole).toBeNull();
    const self = runNight(dealtGame({ players: ['Role Locker', 'Role Thief', 'Basic Good Guy'] }), {
      p1: { type: 'protect_player', targetUserId: 'p1' },
      p2: { type: 'rob_player', targetUserId: 'p1' },
    });
    expect(lines(player(self, 'p1').actionResult)).toEqual([{ code: 'shielded_card', params: { player: ref('p1'), self: true } }]);
    expect(player(self, 'p2').currentRole).toBe('Role Thief');
  });

  it('blocks viewing, swapping, center swaps, giving, artifacts and revealing of the shielded card', () => {
    const s = runNight(
      dealtGame({
        players: ['Role Locker', 'Basic Good Guy', 'Role Looker', 'Role Swapper', 'Random Role Taker', 'Role Giver', 'Item Giver', 'Role Revealer'],
        center: ['Bad Guy', 'Self-Checker', 'Mutual Knowers'],
      }),
      {
        p1: { type: 'protect_player', targetUserId: 'p2' },
        p3: { type: 'view_player', targetUserId: 'p2' },
        p4: { type: 'swap_players', player1UserId: 'p2', player2UserId: 'p3' },
        p5: { type: 'swap_center', centerIndex: 0 },
        p6: { type: 'view_and_swap', centerIndex: 1, targetUserId: 'p2' },
        p7: { type: 'assign_artifact', targetUserId: 'p2' },
        p8: { type: 'reveal_player', targetUserId: 'p2' },
      },
    );
    expect(player(s, 'p2').currentRole).toBe('Basic Good Guy');
    expect(player(s, 'p2').artifactId).toBeNull();
    expect(lines(player(s, 'p3').actionResult)).toEqual([{ code: 'view_shielded', params: { player: ref('p2') } }]);
    expect(lines(player(s, 'p4').actionResult)).toEqual([{ code: 'swap_shielded', params: { player: ref('p2'), player2: ref('p3'), shielded: [ref('p2')] } }]);
    expect(player(s, 'p5').currentRole).toBe('Bad Guy');
    expect(lines(player(s, 'p6').actionResult)).toEqual([
      { code: 'saw_center_card', params: { center: 1, role: 'Self-Checker' } },
      { code: 'give_shielded', params: { player: ref('p2'), self: false } },
    ]);
    expect(lines(player(s, 'p7').actionResult)).toEqual([{ code: 'artifact_shielded', params: { player: ref('p2'), self: false } }]);
    expect(lines(player(s, 'p8').actionResult)).toEqual([{ code: 'reveal_shielded', params: { player: ref('p2') } }]);
    expect(s.announcements).toEqual([{ code: 'revealer_shielded', params: { player: ref('p2') } }]);
    for (const id of ['p3', 'p4', 'p6', 'p7', 'p8']) expect(player(s, id).actionResult?.data?.shielded).toBe(true);
  });
});

describe('Role Copier', () => {
  it('copies at once during job_choice, then submits the copied role action, resolved right after the original', () => {
    const s0 = dealtGame({ players: ['Role Copier', 'Role Thief', 'Bad Guy', 'Self-Eliminator'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['copy_role']);
    const s1 = submit(s0, 'p1', { type: 'copy_role', targetUserId: 'p2' });
    const p1 = player(s1, 'p1');
    expect(p1.hasSubmitted).toBe(false);
    expect(p1.copiedRole).toBe('Role Thief');
    expect(p1.transformedTo).toBe('Role Thief');
    expect(p1.immediateResult).toEqual({
      lines: [
        { code: 'copied_role', params: { player: ref('p2'), role: 'Role Thief', team: 'good' } },
        { code: 'copy_choose_action', params: { role: 'Role Thief' } },
      ],
      data: { targetName: 'P2', copiedRole: 'Role Thief', becameTeam: 'good', seen: [{ userId: 'p2', displayName: 'P2', role: 'Role Thief' }] },
    });
    const v = me(s1, 'p1');
    expect(v?.immediateResult?.data?.copiedRole).toBe('Role Thief');
    expect(v?.copiedRole).toBe('Role Thief');
    expect(v?.allowedActions).toEqual(['rob_player', 'pass']);
    expect(v?.actionResult).toBeNull();
    // Nothing about the copy reaches the others.
    expect(playerView(s1, 'p2').me?.immediateResult).toBeNull();
    expect(JSON.stringify(playerView(s1, 'p2'))).not.toMatch(/"copiedRole":"|You copied|copy_role/);
    expect(playerView(s1, 'p2').players[0]?.hasSubmitted).toBe(false);

    const s2 = submit(s1, 'p1', { type: 'rob_player', targetUserId: 'p3' });
    expect(player(s2, 'p1').copyActionData).toEqual({ type: 'rob_player', targetUserId: 'p3' });
    expect(player(s2, 'p1').hasSubmitted).toBe(true);
    // The original Thief robs P4 first, then the copy robs P3.
    const s = runNight(s2, { p2: { type: 'rob_player', targetUserId: 'p4' } });
    expect(s.players.map((p) => p.currentRole)).toEqual(['Bad Guy', 'Self-Eliminator', 'Role Copier', 'Role Thief']);
    expect(lines(player(s, 'p1').actionResult)).toEqual([
      { code: 'copied_role', params: { player: ref('p2'), role: 'Role Thief', team: 'good' } },
      { code: 'robbed_player', params: { player: ref('p3'), role: 'Bad Guy' } },
    ]);
    expect(me(s, 'p1')?.knownCurrentRole).toBe('Bad Guy');
    const log = s.nightLog.filter((e) => e.userId === 'p1');
    expect(log.map((e) => [e.role, e.order, e.isCopy ?? false])).toEqual([['Role Copier', 1, false], ['Role Thief', 5, true]]);
    expect(s.nightLog.map((e) => e.userId)).toEqual(['p1', 'p3', 'p2', 'p1', 'p4']);
    // P3 now holds the Role Copier card with its transformation (good: it copied a Role Thief).
    expect(finalIdentity(player(s, 'p3'))).toMatchObject({ card: 'Role Copier', winRole: 'Role Thief', team: 'good' });
  });

  it('a copied Bad Guy wakes with the wolves: shown to them, counted in the lone-wolf test, on the Bad Team', () => {
    const s0 = dealtGame({ players: ['Bad Guy', 'Role Copier', 'Bad Guy Helper', 'Basic Good Guy'] });
    expect(me(s0, 'p1')?.nightInfo).toEqual({ badGuys: [], loneWolf: true });
    // The lone Bad Guy peeks first; the Copier copies it afterwards: the Bad Guy is no longer alone.
    const s1 = submit(s0, 'p1', { type: 'view_center_card', centerIndex: 0 });
    const s2 = submit(s1, 'p2', { type: 'copy_role', targetUserId: 'p1' });
    expect(player(s2, 'p2').hasSubmitted).toBe(true);
    expect(player(s2, 'p2').copyActionData).toEqual({ type: 'no_action' });
    expect(me(s2, 'p2')?.nightInfo).toEqual({ badGuys: [{ userId: 'p1', displayName: 'P1', role: 'Bad Guy' }], loneWolf: false });
    expect(me(s2, 'p1')?.nightInfo).toEqual({ badGuys: [{ userId: 'p2', displayName: 'P2', role: 'Bad Guy' }], loneWolf: false });
    expect(me(s2, 'p3')?.nightInfo?.badGuys?.map((b) => b.userId)).toEqual(['p1', 'p2']);
    const s = runNight(s2, {});
    expect(player(s, 'p1').actionResult).toEqual({ lines: [{ code: 'fellow_wolves', params: { players: [ref('p2')] } }] });
    expect(lines(player(s, 'p2').actionResult)).toEqual([
      { code: 'copied_role', params: { player: ref('p1'), role: 'Bad Guy', team: 'bad' } },
      { code: 'fellow_wolves', params: { players: [ref('p1')] } },
    ]);
    expect(finalIdentity(player(s, 'p2'))).toMatchObject({ card: 'Role Copier', team: 'bad', isWolf: true });
    // Eliminating the Copier eliminates a wolf: the Good Team wins.
    const r = castVotes(toVote(s), { p1: 'p4', p3: 'p2', p4: 'p2', p2: 'p4' });
    expect(r.voteResults?.winningTeams).toEqual(['good']);
    expect(r.voteResults?.winners.sort()).toEqual(['p4']);
  });

  it('a transformation travels with the card, secretly: a Thief robbing the Copier-wolf becomes a wolf without being told', () => {
    const s = runNight(dealtGame({ players: ['Role Copier', 'Bad Guy', 'Role Thief', 'Basic Good Guy'] }), {
      p1: { type: 'copy_role', targetUserId: 'p2' },
      p3: { type: 'rob_player', targetUserId: 'p1' },
    });
    // docs/rules.md "Transformation secrecy": the Thief learns the printed card only.
    expect(player(s, 'p3').actionResult).toEqual({
      lines: [{ code: 'robbed_player', params: { player: ref('p1'), role: 'Role Copier' } }],
      data: { targetName: 'P1', newRole: 'Role Copier' },
    });
    expect(me(s, 'p3')?.knownCurrentRole).toBe('Role Copier');
    expect(finalIdentity(player(s, 'p3'))).toMatchObject({ team: 'bad', isWolf: true });
    expect(finalIdentity(player(s, 'p1'))).toMatchObject({ card: 'Role Thief', team: 'good', isWolf: false });
  });

  it('copying a passive role needs no second action and shows its information (Mutual Knowers)', () => {
    const s1 = submit(dealtGame({ players: ['Role Copier', 'Mutual Knowers', 'Bad Guy'] }), 'p1', { type: 'copy_role', targetUserId: 'p2' });
    expect(player(s1, 'p1').hasSubmitted).toBe(true);
    expect(me(s1, 'p1')?.nightInfo).toEqual({ mutualKnowers: [{ userId: 'p2', displayName: 'P2' }] });
    expect(me(s1, 'p2')?.nightInfo).toEqual({ mutualKnowers: [{ userId: 'p1', displayName: 'P1' }] });
    const s = runNight(s1, {});
    expect(lines(player(s, 'p1').actionResult)).toEqual([
      { code: 'copied_role', params: { player: ref('p2'), role: 'Mutual Knowers', team: 'good' } },
      { code: 'other_mutual_knowers', params: { players: [ref('p2')] } },
    ]);
  });

  it('copying the Self-Checker looks at the final card at step 12; copying the Stalker makes it a Stalker', () => {
    const s = runNight(dealtGame({ players: ['Role Copier', 'Self-Checker', 'Role Thief', 'Stalker'] }), {
      p1: { type: 'copy_role', targetUserId: 'p2' },
      p3: { type: 'rob_player', targetUserId: 'p1' },
    });
    expect(lines(player(s, 'p1').actionResult)).toContainEqual({ code: 'role_changed', params: { role: 'Role Thief' } });
    const t = runNight(dealtGame({ players: ['Role Copier', 'Stalker', 'Basic Good Guy', 'Bad Guy'] }), {
      p1: [{ type: 'copy_role', targetUserId: 'p2' }, { type: 'target_player', targetUserId: 'p3' }],
      p2: { type: 'target_player', targetUserId: 'p4' },
    });
    expect(player(t, 'p1').stalkerTarget).toBe('p3');
    expect(lines(player(t, 'p3').actionResult)).toEqual([{ code: 'stalked', params: {} }]);
    const r = castVotes(toVote(t), { p1: 'p3', p2: 'p3', p4: 'p1', p3: 'p1' });
    expect(r.voteResults?.eliminatedPlayers.map((e) => e.userId).sort()).toEqual(['p1', 'p3']);
    expect(r.voteResults?.playerResults.find((x) => x.userId === 'p1')).toMatchObject({ isWinner: true, reason: { code: 'stalker_target_eliminated', params: { player: ref('p3') } } });
    expect(r.voteResults?.playerResults.find((x) => x.userId === 'p2')?.isWinner).toBe(false);
  });

  it('a card already shielded by a submitted Role Locker action cannot be copied', () => {
    let s = dealtGame({ players: ['Role Locker', 'Role Copier', 'Role Looker', 'Bad Guy'] });
    s = submit(s, 'p1', { type: 'protect_player', targetUserId: 'p3' });
    s = submit(s, 'p2', { type: 'copy_role', targetUserId: 'p3' });
    const p2 = player(s, 'p2');
    expect(p2.hasSubmitted).toBe(true);
    expect(p2.copiedRole).toBeNull();
    expect(p2.transformedTo).toBeNull();
    expect(p2.immediateResult).toEqual({
      lines: [{ code: 'copy_shielded', params: { player: ref('p3') } }],
      data: { targetName: 'P3', shielded: true },
    });
    s = runNight(s, {});
    expect(s.nightLog.filter((e) => e.userId === 'p2')).toHaveLength(1);
    expect(finalIdentity(player(s, 'p2')).team).toBe('good');
  });

  it('a copied Paranormal Investigator that sees a wolf turns the Copier card bad', () => {
    const s = runNight(dealtGame({ players: ['Role Copier', 'Paranormal Investigator', 'Bad Guy', 'Basic Good Guy'] }), {
      p1: [{ type: 'copy_role', targetUserId: 'p2' }, { type: 'investigate_players', targetUserIds: ['p4', 'p3'] }],
      p2: { type: 'investigate_players', targetUserIds: ['p4'] },
    });
    expect(player(s, 'p1').transformedTo).toBe('Bad Guy');
    expect(player(s, 'p1').actionResult?.data?.becameTeam).toBe('bad');
    expect(player(s, 'p2').transformedTo).toBeNull();
    // The wolves were not shown the Copier (it copied a good role): night information is the deal's.
    expect(me(s, 'p3')?.nightInfo).toEqual({ badGuys: [], loneWolf: true });
  });

  it('a copied Bad Guy Converter converts with the pile after the Converter, not knowing the pile card then', () => {
    const s = runNight(dealtGame({ players: ['Bad Guy Converter', 'Role Copier', 'Basic Good Guy', 'Mutual Knowers'] }), {
      p1: { type: 'convert_player', targetUserId: 'p3' },
      p2: [{ type: 'copy_role', targetUserId: 'p1' }, { type: 'convert_player', targetUserId: 'p4' }],
    });
    expect(player(s, 'p3').currentRole).toBe('Bad Guy');
    expect(player(s, 'p4').currentRole).toBe('Basic Good Guy');
    expect(s.centerCards[3]).toBe('Mutual Knowers');
    expect(player(s, 'p2').actionResult?.data).toMatchObject({ targetName: 'P4' });
    expect(player(s, 'p2').actionResult?.data?.convertedTo).toBeUndefined();
    expect(lines(player(s, 'p2').actionResult)).toContainEqual({ code: 'converted_player', params: { player: ref('p4') } });
  });
});

describe('Paranormal Investigator', () => {
  it('skips a shielded card and goes on with the next target; sees a Copier-wolf as its printed card and does not turn', () => {
    const s = runNight(dealtGame({ players: ['Role Locker', 'Paranormal Investigator', 'Bad Guy', 'Role Copier', 'Bad Guy'] }), {
      p1: { type: 'protect_player', targetUserId: 'p3' },
      p2: { type: 'investigate_players', targetUserIds: ['p3', 'p4'] },
      p4: { type: 'copy_role', targetUserId: 'p5' },
    });
    const r = player(s, 'p2').actionResult;
    // docs/rules.md "Transformation secrecy": the copy (a wolf) is attached to the card and secret to viewers.
    expect(lines(r)).toEqual([
      { code: 'view_shielded', params: { player: ref('p3') } },
      { code: 'saw_player_card', params: { player: ref('p4'), role: 'Role Copier' } },
    ]);
    expect(r?.data).toEqual({ seen: [{ userId: 'p4', displayName: 'P4', role: 'Role Copier' }], shielded: true });
    expect(player(s, 'p2').transformedTo).toBeNull();
    expect(finalIdentity(player(s, 'p2')).team).toBe('good');
    expect(finalIdentity(player(s, 'p4'))).toMatchObject({ team: 'bad', isWolf: true });
  });
});

describe('Protector', () => {
  it('protects others only and cannot pass; the protection is revealed only in the results', () => {
    const s0 = dealtGame({ players: ['Protector', 'Bad Guy', 'Basic Good Guy'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['protect_from_death']);
    expect(me(s0, 'p1')?.validTargets).toEqual({ protect_from_death: ['p2', 'p3'] });
    const s = runNight(s0, { p1: { type: 'protect_from_death', targetUserId: 'p2' } });
    expect(playerView(s, 'p3').players.some((p) => 'protectedPlayer' in p)).toBe(false);
    // The protected wolf cannot be eliminated: the next count of 2 does not exist, so nobody is.
    const r = castVotes(toVote(s), { p1: 'p2', p3: 'p2', p2: 'p3' });
    expect(r.voteResults?.eliminatedPlayers).toEqual([]);
    expect(r.voteResults?.winners).toEqual(['p2']);
  });

  it('a protected player is not taken by a Revenge Voter either', () => {
    const s = dealtGame({ players: ['Revenge Voter', 'Bad Guy', 'Protector', 'Basic Good Guy'], phase: 'vote' });
    player(s, 'p3').protectedPlayer = 'p2';
    for (const [v, t] of [['p1', 'p2'], ['p2', 'p1'], ['p3', 'p1'], ['p4', 'p1']] as const) player(s, v).voteTarget = t;
    expect(computeVoteResults(s).eliminatedPlayers.map((e) => e.userId)).toEqual(['p1']);
  });
});

describe('Single Role Looker', () => {
  it('views one center card as it is at step 6, or the pile when a Converter was dealt', () => {
    const s0 = dealtGame({ players: ['Single Role Looker', 'Random Role Taker', 'Bad Guy Converter'], center: ['Self-Checker', 'Role Thief', 'Bad Guy'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['view_center_card', 'view_werewolf_pile', 'pass']);
    const s = runNight(s0, { p1: { type: 'view_center_card', centerIndex: 0 }, p2: { type: 'swap_center', centerIndex: 0 } });
    // The Random Role Taker swaps at step 9, after the look at step 6.
    expect(player(s, 'p1').actionResult).toEqual({
      lines: [{ code: 'saw_center_card', params: { center: 0, role: 'Self-Checker' } }],
      data: { seen: [{ centerIndex: 0, role: 'Self-Checker' }] },
    });
    const pile = runNight(s0, { p1: { type: 'view_werewolf_pile' } });
    expect(player(pile, 'p1').actionResult?.data?.badGuyPileCards).toEqual(['Bad Guy']);
  });
});

describe('Role Revealer', () => {
  it('announces the team of the target card at step 6 at the start of the discussion (public), labelled Revealer Announcement', () => {
    const s0 = dealtGame({ players: ['Role Revealer', 'Bad Guy Converter', 'Basic Good Guy', 'Role Thief'] });
    let s = runNight(s0, {
      p1: { type: 'reveal_player', targetUserId: 'p3' },
      p2: { type: 'convert_player', targetUserId: 'p3' },
      p4: { type: 'rob_player', targetUserId: 'p3' },
    });
    expect(player(s, 'p1').actionResult).toEqual({
      lines: [{ code: 'revealed_team', params: { player: ref('p3'), team: 'bad' } }],
      data: { targetName: 'P3', revealedTeam: 'bad' },
    });
    expect(s.announcements).toEqual([{ code: 'revealer_revealed', params: { player: ref('p3'), team: 'bad' } }]);
    // Nobody sees it before the discussion.
    expect(JSON.stringify(playerView(s, 'p2'))).not.toContain('revealed');
    let out;
    for (const id of ['p1', 'p2', 'p3', 'p4']) {
      out = run(s, { type: 'ready_next_phase', userId: id });
      s = out.state;
    }
    expect(s.phase).toBe('discussion');
    expect(out?.systemMessages).toEqual([
      { messageType: 'system', kind: 'revealer_announcement', announcement: { code: 'revealer_revealed', params: { player: ref('p3'), team: 'bad' } } },
    ]);
  });

  it('Good Team and Neutral; a card turned by the Copier shows the copied team', () => {
    const good = runNight(dealtGame({ players: ['Role Revealer', 'Role Thief', 'Bad Guy'] }), { p1: { type: 'reveal_player', targetUserId: 'p2' } });
    expect(good.announcements).toEqual([{ code: 'revealer_revealed', params: { player: ref('p2'), team: 'good' } }]);
    const neutral = runNight(dealtGame({ players: ['Role Revealer', 'Self-Eliminator', 'Bad Guy'] }), { p1: { type: 'reveal_player', targetUserId: 'p2' } });
    expect(neutral.announcements).toEqual([{ code: 'revealer_revealed', params: { player: ref('p2'), team: 'neutral' } }]);
    const copied = runNight(dealtGame({ players: ['Role Revealer', 'Role Copier', 'Bad Guy'] }), {
      p1: { type: 'reveal_player', targetUserId: 'p2' },
      p2: { type: 'copy_role', targetUserId: 'p3' },
    });
    expect(player(copied, 'p1').actionResult?.data?.revealedTeam).toBe('bad');
  });
});

describe('Village Idiot', () => {
  it('with two other players swaps their cards; with one other player nothing moves; the center never moves', () => {
    const three = runNight(dealtGame({ players: ['Basic Good Guy', 'Village Idiot', 'Bad Guy'] }), { p2: { type: 'shift_cards', direction: 'right' } });
    expect(three.players.map((p) => p.currentRole)).toEqual(['Bad Guy', 'Village Idiot', 'Basic Good Guy']);
    const s0 = dealtGame({ players: ['Village Idiot', 'Bad Guy', 'Role Locker'] });
    const two = runNight(s0, { p3: { type: 'protect_player', targetUserId: 'p2' }, p1: { type: 'shift_cards', direction: 'left' } });
    expect(two.players.map((p) => p.currentRole)).toEqual(['Village Idiot', 'Bad Guy', 'Role Locker']);
    expect(lines(player(two, 'p1').actionResult)).toEqual([{ code: 'shift_too_few', params: {} }, { code: 'shift_skipped', params: { players: [ref('p2')] } }]);
    expect(two.centerCards).toEqual(s0.centerCards);
  });

  it('moves transformations with the cards', () => {
    const s = runNight(dealtGame({ players: ['Village Idiot', 'Role Copier', 'Bad Guy', 'Basic Good Guy'] }), {
      p2: { type: 'copy_role', targetUserId: 'p3' },
      p1: { type: 'shift_cards', direction: 'right' },
    });
    // Seats 2, 3, 4 take part; right: 3 <- 2, 4 <- 3, 2 <- 4.
    expect(s.players.map((p) => [p.currentRole, p.transformedTo])).toEqual([
      ['Village Idiot', null], ['Basic Good Guy', null], ['Role Copier', 'Bad Guy'], ['Bad Guy', null],
    ]);
  });
});

describe('Role Giver', () => {
  it('sees the center card and gives it to a player, whose card goes to the center; itself allowed; or pass', () => {
    const s0 = dealtGame({ players: ['Role Giver', 'Basic Good Guy', 'Bad Guy'], center: ['Self-Eliminator', 'Role Thief', 'Mutual Knowers'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['view_and_swap', 'pass']);
    expect(me(s0, 'p1')?.validTargets).toEqual({ view_and_swap: ['p1', 'p2', 'p3'] });
    const other = runNight(s0, { p1: { type: 'view_and_swap', centerIndex: 0, targetUserId: 'p3' } });
    expect(player(other, 'p3').currentRole).toBe('Self-Eliminator');
    expect(other.centerCards[0]).toBe('Bad Guy');
    expect(lines(player(other, 'p1').actionResult)).toEqual([
      { code: 'saw_center_card', params: { center: 0, role: 'Self-Eliminator' } },
      { code: 'gave_card', params: { player: ref('p3') } },
    ]);
    expect(lines(player(other, 'p3').actionResult)).toEqual([{ code: 'fellow_wolves', params: { players: [] } }, { code: 'passed', params: {} }]);
    const self = runNight(s0, { p1: { type: 'view_and_swap', centerIndex: 1, targetUserId: 'p1' } });
    expect(player(self, 'p1').currentRole).toBe('Role Thief');
    expect(self.centerCards[1]).toBe('Role Giver');
    expect(me(self, 'p1')?.knownCurrentRole).toBe('Role Thief');
    const pass = runNight(s0, { p1: { type: 'pass' } });
    expect(pass.centerCards).toEqual(s0.centerCards);
  });

  it('resolves after the Random Role Taker at step 9', () => {
    const s = runNight(dealtGame({ players: ['Role Giver', 'Random Role Taker', 'Bad Guy'], center: ['Self-Eliminator', 'Role Thief', 'Mutual Knowers'] }), {
      p1: { type: 'view_and_swap', centerIndex: 0, targetUserId: 'p3' },
      p2: { type: 'swap_center', centerIndex: 0 },
    });
    expect(lines(player(s, 'p1').actionResult)).toEqual([
      { code: 'saw_center_card', params: { center: 0, role: 'Random Role Taker' } },
      { code: 'gave_card', params: { player: ref('p3') } },
    ]);
    expect(player(s, 'p2').currentRole).toBe('Self-Eliminator');
    expect(player(s, 'p3').currentRole).toBe('Random Role Taker');
  });
});

describe('Tapper', () => {
  const six: RoleName[] = ['Basic Good Guy', 'Tapper', 'Bad Guy', 'Mutual Knowers', 'Self-Eliminator', 'Revenge Voter'];

  it('taps an adjacent seat (wrapping); the tapped player learns it and from which side', () => {
    const s0 = dealtGame({ players: six });
    expect(me(s0, 'p2')?.allowedActions).toEqual(['tap_player']);
    expect(me(s0, 'p2')?.validTargets).toEqual({ tap_player: ['p1', 'p3'] });
    const right = runNight(s0, { p2: { type: 'tap_player', targetUserId: 'p3' } });
    expect(player(right, 'p3').isTappedByThing).toBe(true);
    expect(player(right, 'p3').actionResult).toEqual({
      lines: [{ code: 'fellow_wolves', params: { players: [] } }, { code: 'passed', params: {} }, { code: 'tapped', params: { side: 'left' } }],
      data: { tappedBy: 'left' },
    });
    expect(me(right, 'p3')?.isTappedByThing).toBe(true);
    expect(lines(player(right, 'p2').actionResult)).toEqual([{ code: 'tapped_player', params: { player: ref('p3') } }]);
    const left = runNight(s0, { p2: { type: 'tap_player', targetUserId: 'p1' } });
    expect(player(left, 'p1').actionResult).toEqual({ lines: [{ code: 'tapped', params: { side: 'right' } }], data: { tappedBy: 'right' } });
    // Wrap-around: seat 1's left neighbour is the last seat.
    const wrap = dealtGame({ players: ['Tapper', ...six.slice(1).map((r) => (r === 'Tapper' ? 'Basic Good Guy' : r))] as RoleName[] });
    expect(me(wrap, 'p1')?.validTargets).toEqual({ tap_player: ['p6', 'p2'] });
    const w = runNight(wrap, { p1: { type: 'tap_player', targetUserId: 'p6' } });
    expect(player(w, 'p6').actionResult?.data?.tappedBy).toBe('right');
  });

  it('with fewer than 3 players any other player; alone, no_action', () => {
    let s = dealtGame({ players: ['Tapper', 'Bad Guy'] });
    expect(me(s, 'p1')?.validTargets).toEqual({ tap_player: ['p2'] });
    s = dealtGame({ players: ['Tapper'] });
    expect(me(s, 'p1')?.allowedActions).toEqual(['no_action']);
    const out = runNight(s, { p1: { type: 'no_action' } });
    expect(out.nightLog[0]).toMatchObject({ role: 'Tapper', order: 0, result: [] });
  });
});

describe('Item Giver and the artifacts (docs/rules.md "Night resolution")', () => {
  const give = (target: string, seed: string) =>
    runNight(dealtGame({ players: ['Item Giver', 'Basic Good Guy', 'Bad Guy'], seed }), {
      p1: { type: 'assign_artifact', targetUserId: target, artifactId: 'claw_of_the_werewolf' },
    });

  it('draws the artifact with the game RNG (a client artifactId is ignored); the holder learns it, the giver does not', () => {
    const s = give('p2', 'seed-a');
    expect(player(s, 'p1').actionData).toEqual({ type: 'assign_artifact', targetUserId: 'p2' });
    const id = player(s, 'p2').artifactId as ArtifactId;
    expect(Object.keys(ARTIFACTS)).toContain(id);
    expect(player(s, 'p2').actionResult).toEqual({
      lines: [{ code: 'artifact_received', params: { artifact: id } }],
      data: { artifact: id },
    });
    expect(me(s, 'p2')?.artifactId).toBe(id);
    expect(player(s, 'p1').actionResult).toEqual({ lines: [{ code: 'gave_artifact', params: { player: ref('p2'), self: false } }], data: { targetName: 'P2' } });
    expect(JSON.stringify(playerView(s, 'p1'))).not.toContain(id);
    expect(JSON.stringify(playerView(s, 'p3'))).not.toContain(id);
    // Deterministic from the seed; different seeds draw different artifacts.
    expect(player(give('p2', 'seed-a'), 'p2').artifactId).toBe(id);
    const drawn = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((x) => player(give('p2', x), 'p2').artifactId));
    expect(drawn.size).toBeGreaterThan(2);
  });

  it('may give to itself (then it learns it), or pass', () => {
    const s = give('p1', 'seed-b');
    expect(player(s, 'p1').artifactId).not.toBeNull();
    expect(codes(player(s, 'p1').actionResult)).toEqual(['gave_artifact', 'artifact_received']);
    expect(lines(player(s, 'p1').actionResult)?.[0]).toEqual({ code: 'gave_artifact', params: { player: ref('p1'), self: true } });
    const pass = runNight(dealtGame({ players: ['Item Giver', 'Bad Guy', 'Basic Good Guy'] }), { p1: { type: 'pass' } });
    expect(pass.players.every((p) => p.artifactId === null)).toBe(true);
  });

  const withArtifact = (id: ArtifactId, holderRole: RoleName = 'Basic Good Guy') => {
    const s = dealtGame({ players: [holderRole, 'Bad Guy', 'Basic Good Guy', 'Basic Good Guy'], phase: 'vote' });
    player(s, 'p1').artifactId = id;
    return s;
  };

  it('Claw of the Werewolf makes its holder a wolf; Brand of the Villager makes it good; Cudgel a Self-Eliminator; Void nothing', () => {
    expect(finalIdentity(player(withArtifact('claw_of_the_werewolf'), 'p1'))).toMatchObject({ team: 'bad', isWolf: true, winRole: 'Bad Guy' });
    expect(finalIdentity(player(withArtifact('brand_of_the_villager', 'Bad Guy'), 'p1'))).toMatchObject({ team: 'good', isWolf: false });
    expect(finalIdentity(player(withArtifact('cudgel_of_the_tanner', 'Bad Guy'), 'p1'))).toMatchObject({ team: 'neutral', winRole: 'Self-Eliminator' });
    expect(finalIdentity(player(withArtifact('void_of_nothingness', 'Bad Guy'), 'p1'))).toMatchObject({ team: 'bad', isWolf: true, winRole: 'Bad Guy' });
    // Claw: eliminating the Basic Good Guy holder eliminates a wolf.
    const claw = castVotes(withArtifact('claw_of_the_werewolf'), { p2: 'p1', p3: 'p1', p4: 'p1', p1: 'p2' });
    expect(claw.voteResults?.winningTeams).toEqual(['good']);
    expect(claw.voteResults?.winners.sort()).toEqual(['p3', 'p4']);
    // Cudgel: the holder wins by being eliminated, and the bad team loses.
    const cudgel = castVotes(withArtifact('cudgel_of_the_tanner'), { p2: 'p1', p3: 'p1', p4: 'p1', p1: 'p2' });
    expect(cudgel.voteResults?.winners).toEqual(['p1']);
    // Brand: a Bad Guy holder is good; the other Bad Guy alone is the wolf.
    const brand = castVotes(withArtifact('brand_of_the_villager', 'Bad Guy'), { p2: 'p3', p3: 'p2', p4: 'p2', p1: 'p2' });
    expect(brand.voteResults?.winners.sort()).toEqual(['p1', 'p3', 'p4']);
  });

  it('Mask of Muting: its holder cannot chat during the discussion (server-side rejection)', () => {
    const s = dealtGame({ players: ['Basic Good Guy', 'Bad Guy', 'Basic Good Guy'], phase: 'discussion' });
    player(s, 'p1').artifactId = 'mask_of_muting';
    expectRejected(s, (x) => validateChatMessage(x, 'p1', 'hello'), {
      code: 'MUTED', title: 'Muted', message: 'You hold the Mask of Muting and cannot chat.',
    });
    expect(validateChatMessage(s, 'p2', ' hi ')).toBe('hi');
    const results = { ...s, phase: 'results' as const };
    expect(validateChatMessage(results, 'p1', 'gg')).toBe('gg');
  });

  it('a player holds at most one artifact; the second giver (a copy) gives nothing', () => {
    const s = runNight(dealtGame({ players: ['Item Giver', 'Role Copier', 'Basic Good Guy'] }), {
      p1: { type: 'assign_artifact', targetUserId: 'p3' },
      p2: [{ type: 'copy_role', targetUserId: 'p1' }, { type: 'assign_artifact', targetUserId: 'p3' }],
    });
    expect(lines(player(s, 'p2').actionResult)).toContainEqual({ code: 'artifact_already_held', params: { player: ref('p3'), self: false } });
    expect(player(s, 'p3').actionResult?.data?.artifact).toBe(player(s, 'p3').artifactId);
  });
});

describe('Seer Knower', () => {
  it('sees who was dealt the Role Looker, and nothing when it is in the center', () => {
    const s0 = dealtGame({ players: ['Seer Knower', 'Role Looker', 'Bad Guy'] });
    expect(me(s0, 'p1')?.nightInfo).toEqual({ roleLookers: [{ userId: 'p2', displayName: 'P2' }] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['no_action']);
    expect(lines(player(runNight(s0, {}), 'p1').actionResult)).toEqual([{ code: 'role_lookers', params: { players: [ref('p2')] } }]);
    const none = dealtGame({ players: ['Seer Knower', 'Basic Good Guy', 'Bad Guy'] });
    expect(me(none, 'p1')?.nightInfo).toEqual({ roleLookers: [] });
  });
});

describe('Stalker', () => {
  it('targets another player (not itself) and cannot pass; its target is revealed only in the results', () => {
    const s0 = dealtGame({ players: ['Stalker', 'Bad Guy', 'Basic Good Guy'] });
    expect(me(s0, 'p1')?.allowedActions).toEqual(['target_player']);
    const s = runNight(s0, { p1: { type: 'target_player', targetUserId: 'p2' } });
    expect(lines(player(s, 'p1').actionResult)).toEqual([{ code: 'stalker_target', params: { player: ref('p2') } }]);
    expect(playerView(s, 'p3').players.some((p) => 'stalkerTarget' in p || 'stalkerMarked' in p)).toBe(false);
    const r = castVotes(toVote(s), { p1: 'p3', p2: 'p3', p3: 'p1' });
    expect(r.voteResults?.winners).toEqual(['p2']);
    const v = playerView(r, 'p3').players;
    expect(v[0]).toMatchObject({ stalkerTarget: 'p2' });
    expect(v[1]).toMatchObject({ stalkerMarked: true });
  });
});

describe('views of the new roles', () => {
  it('results reveal shields, copies, transformations, conversions, taps and artifacts; never before', () => {
    let s = runNight(
      dealtGame({ players: ['Role Locker', 'Role Copier', 'Bad Guy Converter', 'Tapper', 'Item Giver', 'Basic Good Guy'] }),
      {
        p1: { type: 'protect_player', targetUserId: 'p1' },
        p2: { type: 'copy_role', targetUserId: 'p6' },
        p3: { type: 'convert_player', targetUserId: 'p6' },
        p4: { type: 'tap_player', targetUserId: 'p5' },
        p5: { type: 'assign_artifact', targetUserId: 'p6' },
      },
    );
    const before = JSON.stringify(playerView(s, 'p6').players);
    for (const k of ['shieldedPlayer', 'copiedRole', 'transformedTo', 'convertedBy', 'isTappedByThing', 'artifactId']) expect(before).not.toContain(k);
    s = castVotes(toVote(s), { p1: 'p3', p2: 'p3', p3: 'p1', p4: 'p3', p5: 'p3', p6: 'p3' });
    const v = playerView(s, 'p6');
    expect(v.players[0]).toMatchObject({ shieldedPlayer: 'p1' });
    expect(v.players[1]).toMatchObject({ copiedRole: 'Basic Good Guy', transformedTo: 'Basic Good Guy' });
    expect(v.players[4]).toMatchObject({ isTappedByThing: true });
    expect(v.players[5]).toMatchObject({ convertedBy: 'p3', currentRole: 'Bad Guy' });
    expect(v.players[5]?.artifactId).toBe(player(s, 'p6').artifactId);
    expect(v.game.nightLog?.map((e) => e.role)).toEqual([
      'Role Locker', 'Role Copier', 'Bad Guy Converter', 'Tapper', 'Item Giver', 'Basic Good Guy', 'Basic Good Guy',
    ]);
    expect(v.game.nightLog?.map((e) => e.kind)).toEqual([
      'protect_player', 'copy_role', 'convert_player', 'tap_player', 'assign_artifact', 'no_action', 'no_action',
    ]);
  });
});

describe('bots of every role', () => {
  it('a full table of bots covering every selectable role plays to results with valid actions', () => {
    const roles: RoleName[] = [
      'Bad Guy', 'Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy', 'Isolated Bad Guy', 'Bad Guy Helper', 'Role Locker',
      'Role Copier', 'Paranormal Investigator', 'Protector', 'Stalker', 'Role Looker', 'Single Role Looker', 'Role Revealer',
      'Role Thief', 'Role Swapper', 'Village Idiot', 'Random Role Taker', 'Role Giver', 'Tapper', 'Item Giver', 'Self-Checker',
      'Mutual Knowers', 'Mutual Knowers', 'Seer Knower', 'Revenge Voter', 'Self-Eliminator',
    ];
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      let s = dealtGame({
        players: roles.map((role, i) => ({ role, bot: i > 0 })),
        center: ['Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy'],
        phase: 'role_deal',
        seed,
      });
      for (const p of s.players) p.isReady = p.isBot;
      s = run(s, { type: 'ready_next_phase', userId: 'p1' }).state;
      expect(s.phase).toBe('job_choice');
      expect(s.players.filter((p) => p.isBot).every((p) => p.hasSubmitted)).toBe(true);
      s = run(s, { type: 'submit_action', userId: 'p1', action: { type: 'no_action' } }).state;
      expect(s.phase).toBe('role_resolve');
      expect(s.nightLog.length).toBeGreaterThanOrEqual(27);
      for (let i = 0; i < 2; i++) s = run(s, { type: 'ready_next_phase', userId: 'p1' }).state;
      expect(s.phase).toBe('vote');
      // Bad-team bots that woke with the wolves never vote for one they were shown.
      for (const p of s.players) {
        const info = playerView(s, p.userId).me?.nightInfo;
        if (p.isBot && p.voteTarget && info?.badGuys && ['Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy', 'Bad Guy Helper'].includes(p.copiedRole ?? p.originalRole ?? '')) {
          expect(info.badGuys.map((b) => b.userId)).not.toContain(p.voteTarget);
        }
      }
    }
  });
});
