/**
 * Transformation secrecy (docs/rules.md "Transformation secrecy"): a transformation attached to a card (a
 * Paranormal Investigator that turned, a Role Copier's copy) is secret to every player who later sees or
 * receives that card. They learn the printed role only, in the result's lines and in the data, and no view before
 * the results carries the transformation. It still sets the holder's team at dawn and the results reveal it.
 *
 * Every game below starts with a Paranormal Investigator (P1) that looks at a Bad Guy (P2) at step 4, so
 * that its card carries the transformation "Bad Guy" for the rest of the night.
 */
import { CTX, castVotes, dealtGame, lines, player, ref, runNight } from '../testing/fixtures.js';
import type { ActionPayload, GameState, RoleName } from '../types.js';
import { playerView } from '../view.js';
import { finalIdentity } from '../vote.js';

const PI: RoleName = 'Paranormal Investigator';
const TURN: ActionPayload = { type: 'investigate_players', targetUserIds: ['p2'] };
const me = (s: GameState, id: string) => playerView(s, id).me;
const toVote = (s: GameState): GameState => ({ ...s, phase: 'vote', deadlineAt: CTX.now + 60_000 });
/** Anything that would name a transformation: the data fields and the old "(turned into a ...)" text. */
const TRANSFORMATION = /ransformedTo|turned into/;

/** The investigator turned: the precondition of every scenario here. */
function expectTurned(s: GameState): void {
  expect(player(s, 'p1').actionResult?.data?.becameTeam).toBe('bad');
}

/** `viewer`'s view, in every phase before results, names no transformation. */
function expectNoTransformationInView(s: GameState, viewer: string): void {
  expect(s.phase).not.toBe('results');
  expect(JSON.stringify(playerView(s, viewer))).not.toMatch(TRANSFORMATION);
}

describe('transformation secrecy: who sees or receives a turned Paranormal Investigator card learns only "Paranormal Investigator"', () => {
  it('Role Looker viewing the investigator after it turned (step 6)', () => {
    const s = runNight(dealtGame({ players: [PI, 'Bad Guy', 'Role Looker', 'Basic Good Guy'] }), {
      p1: TURN,
      p3: { type: 'view_player', targetUserId: 'p1' },
    });
    expectTurned(s);
    expect(player(s, 'p3').actionResult).toEqual({
      lines: [{ code: 'saw_player_card', params: { player: ref('p1'), role: 'Paranormal Investigator' } }],
      data: { targetName: 'P1', seen: [{ userId: 'p1', displayName: 'P1', role: PI }] },
    });
    expectNoTransformationInView(s, 'p3');
    // The card is still a wolf's: the team effect holds.
    expect(finalIdentity(player(s, 'p1'))).toMatchObject({ card: PI, winRole: 'Bad Guy', team: 'bad', isWolf: true });
  });

  it('Role Thief robbing the turned investigator (step 7): told only the printed card, yet a wolf at dawn; the results reveal it', () => {
    const s = runNight(dealtGame({ players: [PI, 'Bad Guy', 'Role Thief', 'Basic Good Guy', 'Basic Good Guy'] }), {
      p1: TURN,
      p3: { type: 'rob_player', targetUserId: 'p1' },
    });
    expectTurned(s);
    const thief = player(s, 'p3');
    expect(thief.actionResult).toEqual({
      lines: [{ code: 'robbed_player', params: { player: ref('p1'), role: 'Paranormal Investigator' } }],
      data: { targetName: 'P1', newRole: PI },
    });
    expect(thief.actionResult?.data).not.toHaveProperty('newRoleTransformedTo');
    expect(me(s, 'p3')?.knownCurrentRole).toBe(PI);
    expectNoTransformationInView(s, 'p3');
    // The transformation travelled with the card: the Thief is a wolf, the robbed investigator is good again.
    expect(thief.transformedTo).toBe('Bad Guy');
    expect(finalIdentity(thief)).toMatchObject({ card: PI, winRole: 'Bad Guy', team: 'bad', isWolf: true });
    expect(finalIdentity(player(s, 'p1'))).toMatchObject({ card: 'Role Thief', team: 'good', isWolf: false });

    // Eliminating the Thief eliminates a wolf: the Good Team wins (the robbed investigator among them).
    const r = castVotes(toVote(s), { p1: 'p3', p2: 'p4', p4: 'p3', p5: 'p3', p3: 'p2' });
    expect(r.voteResults?.eliminatedPlayers).toEqual([{ userId: 'p3', displayName: 'P3', role: PI }]);
    expect(r.voteResults?.winningTeams).toEqual(['good']);
    expect(r.voteResults?.winners.slice().sort()).toEqual(['p1', 'p4', 'p5']);
    // The results reveal the transformation: final identities and the night log.
    const v = playerView(r, 'p4');
    expect(v.players.find((p) => p.userId === 'p3')).toMatchObject({ currentRole: PI, transformedTo: 'Bad Guy', finalTeam: 'bad' });
    expect(v.game.nightLog?.find((e) => e.userId === 'p1')?.result).toContainEqual({ code: 'turned_bad', params: { team: 'bad' } });
    expect(playerView(r, 'p3').players.find((p) => p.userId === 'p3')?.finalTeam).toBe('bad');
  });

  it('Self-Checker receiving the card from a Role Swapper (step 8) and looking at it (step 12)', () => {
    const s = runNight(dealtGame({ players: [PI, 'Bad Guy', 'Role Swapper', 'Self-Checker', 'Basic Good Guy'] }), {
      p1: TURN,
      p3: { type: 'swap_players', player1UserId: 'p1', player2UserId: 'p4' },
    });
    expectTurned(s);
    expect(player(s, 'p4').actionResult).toEqual({
      lines: [{ code: 'role_changed', params: { role: 'Paranormal Investigator' } }],
      data: { originalRole: 'Self-Checker', finalRole: PI },
    });
    expect(me(s, 'p4')?.knownCurrentRole).toBe(PI);
    expectNoTransformationInView(s, 'p4');
    expect(lines(player(s, 'p3').actionResult)).toEqual([{ code: 'swapped_players', params: { player: ref('p1'), player2: ref('p4') } }]);
    expect(finalIdentity(player(s, 'p4'))).toMatchObject({ card: PI, team: 'bad', isWolf: true });
    expect(finalIdentity(player(s, 'p1'))).toMatchObject({ card: 'Self-Checker', team: 'good' });
  });

  describe('Role Giver (step 9), after a Role Swapper gave the card to a Random Role Taker who put it in the center', () => {
    const night = (target: string) =>
      runNight(dealtGame({ players: [PI, 'Bad Guy', 'Role Swapper', 'Random Role Taker', 'Role Giver', 'Basic Good Guy'] }), {
        p1: TURN,
        p3: { type: 'swap_players', player1UserId: 'p1', player2UserId: 'p4' },
        p4: { type: 'swap_center', centerIndex: 0 },
        p5: { type: 'view_and_swap', centerIndex: 0, targetUserId: target },
      });

    it('taking it: sees and receives only "Paranormal Investigator", and is a wolf at dawn', () => {
      const s = night('p5');
      expectTurned(s);
      expect(lines(player(s, 'p4').actionResult)).toEqual([{ code: 'swapped_with_center', params: { center: 0 } }]);
      expect(player(s, 'p5').actionResult).toEqual({
        lines: [
          { code: 'saw_center_card', params: { center: 0, role: 'Paranormal Investigator' } },
          { code: 'took_card', params: { role: 'Paranormal Investigator' } },
        ],
        data: { targetName: 'P5', newRole: PI, seen: [{ centerIndex: 0, role: PI }] },
      });
      expect(me(s, 'p5')?.knownCurrentRole).toBe(PI);
      expectNoTransformationInView(s, 'p5');
      expect(finalIdentity(player(s, 'p5'))).toMatchObject({ card: PI, team: 'bad', isWolf: true });
      expect(s.centerCards[0]).toBe('Role Giver');
    });

    it('giving it to another player: both see only "Paranormal Investigator" (the receiver nothing at all)', () => {
      const s = night('p6');
      expect(player(s, 'p5').actionResult).toEqual({
        lines: [
          { code: 'saw_center_card', params: { center: 0, role: 'Paranormal Investigator' } },
          { code: 'gave_card', params: { player: ref('p6') } },
        ],
        data: { targetName: 'P6', seen: [{ centerIndex: 0, role: PI }, { userId: 'p6', displayName: 'P6', role: PI }] },
      });
      expect(player(s, 'p6').actionResult).toBeNull();
      expect(me(s, 'p6')?.knownCurrentRole).toBeNull();
      for (const id of ['p5', 'p6']) expectNoTransformationInView(s, id);
      expect(finalIdentity(player(s, 'p6'))).toMatchObject({ card: PI, team: 'bad', isWolf: true });
      expect(s.centerCards[0]).toBe('Basic Good Guy');
    });
  });

  it('a player moved the card by the Village Idiot learns nothing and is a wolf at dawn', () => {
    const s = runNight(dealtGame({ players: [PI, 'Bad Guy', 'Village Idiot', 'Basic Good Guy'] }), {
      p1: TURN,
      p3: { type: 'shift_cards', direction: 'left' },
    });
    expectTurned(s);
    // Seats 1, 2, 4 take part; left: P1 <- P2's card, P2 <- P4's card, P4 <- P1's (turned) card.
    expect(s.players.map((p) => p.currentRole)).toEqual(['Bad Guy', 'Basic Good Guy', 'Village Idiot', PI]);
    expect(player(s, 'p4').actionResult).toBeNull();
    expect(me(s, 'p4')?.knownCurrentRole).toBeNull();
    expectNoTransformationInView(s, 'p4');
    expect(finalIdentity(player(s, 'p4'))).toMatchObject({ card: PI, team: 'bad', isWolf: true });
  });

  it('a Role Copier acting as the investigator looks at the turned investigator: sees "Paranormal Investigator" and does not turn', () => {
    const s = runNight(dealtGame({ players: [PI, 'Bad Guy', 'Role Copier', 'Basic Good Guy'] }), {
      p1: TURN,
      p3: [{ type: 'copy_role', targetUserId: 'p1' }, { type: 'investigate_players', targetUserIds: ['p1'] }],
    });
    expectTurned(s);
    const copier = player(s, 'p3');
    expect(lines(copier.actionResult)).toEqual([
      { code: 'copied_role', params: { player: ref('p1'), role: 'Paranormal Investigator', team: 'good' } },
      { code: 'saw_player_card', params: { player: ref('p1'), role: 'Paranormal Investigator' } },
    ]);
    expect(copier.actionResult?.data?.seen).toEqual([
      { userId: 'p1', displayName: 'P1', role: PI },
      { userId: 'p1', displayName: 'P1', role: PI },
    ]);
    expect(copier.actionResult?.data?.becameTeam).toBe('good');
    expectNoTransformationInView(s, 'p3');
    expect(finalIdentity(copier)).toMatchObject({ card: 'Role Copier', team: 'good', isWolf: false });
  });

  it('the Role Revealer (step 6) announces the team the card has at its step: the investigator, still holding it, turned bad', () => {
    const s = runNight(dealtGame({ players: [PI, 'Bad Guy', 'Role Revealer', 'Basic Good Guy'] }), {
      p1: TURN,
      p3: { type: 'reveal_player', targetUserId: 'p1' },
    });
    expectTurned(s);
    expect(player(s, 'p3').actionResult).toEqual({
      lines: [{ code: 'revealed_team', params: { player: ref('p1'), team: 'bad' } }],
      data: { targetName: 'P1', revealedTeam: 'bad' },
    });
    expect(s.announcements).toEqual([{ code: 'revealer_revealed', params: { player: ref('p1'), team: 'bad' } }]);
    expectNoTransformationInView(s, 'p3');
  });
});
