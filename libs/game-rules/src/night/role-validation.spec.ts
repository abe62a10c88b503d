/**
 * Server-side action validation of docs/rules.md "Submitting actions" for every role: each rejected input throws a
 * RulesError with a stable code and a clear message, and leaves the state unchanged (`expectRejected`
 * compares the JSON before/after on a deep-frozen state).
 */
import { applyCommand } from '../engine.js';
import { CTX, dealtGame, expectRejected, player } from '../testing/fixtures.js';
import type { ActionPayload, GameState, RoleName } from '../types.js';

const submit = (s: GameState, userId: string, action: ActionPayload) => applyCommand(s, { type: 'submit_action', userId, action }, CTX);

interface Case {
  name: string;
  action: ActionPayload;
  code: string;
  message?: string | RegExp;
}

/** A 6-seat table: the role under test at seat 1 (p1), then a Bad Guy, a Basic Good Guy, a Mutual Knower, a Self-Eliminator, a Revenge Voter. */
const table = (role: RoleName, others: RoleName[] = ['Bad Guy', 'Basic Good Guy', 'Mutual Knowers', 'Self-Eliminator', 'Revenge Voter']) =>
  dealtGame({ players: [role, ...others] });

const ROLE_CASES: Array<[RoleName, Case[], (() => GameState)?]> = [
  ['Bad Guy', [
    { name: 'a peek when not alone', action: { type: 'view_center_card', centerIndex: 0 }, code: 'INVALID_ACTION', message: 'The Bad Guy cannot do that tonight' },
    { name: 'a pass when not alone', action: { type: 'pass' }, code: 'INVALID_ACTION' },
    { name: 'viewing a player', action: { type: 'view_player', targetUserId: 'p3' }, code: 'INVALID_ACTION' },
  ], () => table('Bad Guy', ['Bad Guy', 'Basic Good Guy'])],
  ['Bad Guy', [
    { name: 'the bad-guy pile index', action: { type: 'view_center_card', centerIndex: 3 }, code: 'INVALID_CENTER_INDEX', message: 'Choose one of the three center cards' },
    { name: 'a missing index', action: { type: 'view_center_card' }, code: 'INVALID_CENTER_INDEX' },
    { name: 'two center cards', action: { type: 'view_center', positions: [0, 1] }, code: 'INVALID_ACTION' },
  ], () => table('Bad Guy', ['Basic Good Guy', 'Role Looker'])],
  ['Bad Guy Converter', [
    { name: 'converting a wolf', action: { type: 'convert_player', targetUserId: 'p2' }, code: 'INVALID_TARGET', message: 'You cannot convert a bad guy' },
    { name: 'converting the Isolated Bad Guy', action: { type: 'convert_player', targetUserId: 'p6' }, code: 'INVALID_TARGET', message: 'You cannot convert a bad guy' },
    { name: 'converting itself', action: { type: 'convert_player', targetUserId: 'p1' }, code: 'SELF_TARGET', message: 'You cannot choose yourself for this action' },
    { name: 'an unknown player', action: { type: 'convert_player', targetUserId: 'ghost' }, code: 'INVALID_TARGET', message: 'That player is not in this game' },
    { name: 'no target', action: { type: 'convert_player' }, code: 'INVALID_TARGET', message: 'Choose a player for this action' },
    { name: 'viewing a player', action: { type: 'view_player', targetUserId: 'p3' }, code: 'INVALID_ACTION' },
  ], () => table('Bad Guy Converter', ['Bad Guy', 'Basic Good Guy', 'Mutual Knowers', 'Self-Eliminator', 'Isolated Bad Guy'])],
  ['Advanced Bad Guy', [
    { name: 'a center card', action: { type: 'view_center_card', centerIndex: 0 }, code: 'INVALID_ACTION', message: 'The Advanced Bad Guy cannot do that tonight' },
    { name: 'two center cards', action: { type: 'view_center', positions: [0, 1] }, code: 'INVALID_ACTION' },
    { name: 'viewing itself', action: { type: 'view_player', targetUserId: 'p1' }, code: 'SELF_TARGET' },
    { name: 'an unknown player', action: { type: 'view_player', targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
  ]],
  ['Isolated Bad Guy', [
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION', message: 'The Isolated Bad Guy cannot do that tonight' },
    { name: 'a peek', action: { type: 'view_center_card', centerIndex: 0 }, code: 'INVALID_ACTION' },
  ]],
  ['Role Locker', [
    { name: 'an unknown player', action: { type: 'protect_player', targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
    { name: 'no target', action: { type: 'protect_player' }, code: 'INVALID_TARGET' },
    { name: 'the Protector action', action: { type: 'protect_from_death', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
  ]],
  ['Role Copier', [
    { name: 'copying itself', action: { type: 'copy_role', targetUserId: 'p1' }, code: 'SELF_TARGET' },
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION', message: 'The Role Copier cannot do that tonight' },
    { name: 'an unknown player', action: { type: 'copy_role', targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
    { name: 'a copied action before copying', action: { type: 'rob_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
  ]],
  ['Paranormal Investigator', [
    { name: 'investigating itself', action: { type: 'investigate_players', targetUserIds: ['p1'] }, code: 'SELF_TARGET' },
    { name: 'itself as second target', action: { type: 'investigate_players', targetUserIds: ['p2', 'p1'] }, code: 'SELF_TARGET' },
    { name: '3 targets', action: { type: 'investigate_players', targetUserIds: ['p2', 'p3', 'p4'] }, code: 'INVALID_TARGET', message: 'Choose one or two players to investigate' },
    { name: 'no target', action: { type: 'investigate_players', targetUserIds: [] }, code: 'INVALID_TARGET' },
    { name: 'a missing list', action: { type: 'investigate_players' }, code: 'INVALID_TARGET' },
    { name: 'the same player twice', action: { type: 'investigate_players', targetUserIds: ['p2', 'p2'] }, code: 'INVALID_TARGET', message: 'Choose two different players' },
    { name: 'an unknown player', action: { type: 'investigate_players', targetUserIds: ['p2', 'ghost'] }, code: 'INVALID_TARGET' },
    { name: 'viewing a player', action: { type: 'view_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
  ]],
  ['Protector', [
    { name: 'protecting itself', action: { type: 'protect_from_death', targetUserId: 'p1' }, code: 'SELF_TARGET' },
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION', message: 'The Protector cannot do that tonight' },
    { name: 'the shield action', action: { type: 'protect_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
    { name: 'an unknown player', action: { type: 'protect_from_death', targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
  ]],
  ['Stalker', [
    { name: 'targeting itself', action: { type: 'target_player', targetUserId: 'p1' }, code: 'SELF_TARGET' },
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION' },
    { name: 'no target', action: { type: 'target_player' }, code: 'INVALID_TARGET' },
  ]],
  ['Role Looker', [
    { name: 'the pile without a Converter dealt', action: { type: 'view_werewolf_pile' }, code: 'INVALID_ACTION' },
    { name: 'a bad center index', action: { type: 'view_center', positions: [0, 3] }, code: 'INVALID_CENTER_INDEX' },
    { name: 'viewing itself', action: { type: 'view_player', targetUserId: 'p1' }, code: 'SELF_TARGET' },
  ]],
  ['Single Role Looker', [
    { name: 'the pile index as a center card', action: { type: 'view_center_card', centerIndex: 3 }, code: 'INVALID_CENTER_INDEX' },
    { name: 'a negative index', action: { type: 'view_center_card', centerIndex: -1 }, code: 'INVALID_CENTER_INDEX' },
    { name: 'two center cards', action: { type: 'view_center', positions: [0, 1] }, code: 'INVALID_ACTION', message: 'The Single Role Looker cannot do that tonight' },
    { name: 'a player', action: { type: 'view_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
    { name: 'the pile without a Converter dealt', action: { type: 'view_werewolf_pile' }, code: 'INVALID_ACTION' },
  ]],
  ['Role Revealer', [
    { name: 'revealing itself', action: { type: 'reveal_player', targetUserId: 'p1' }, code: 'SELF_TARGET' },
    { name: 'an unknown player', action: { type: 'reveal_player', targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
    { name: 'viewing a player', action: { type: 'view_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
  ]],
  ['Village Idiot', [
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION', message: 'The Village Idiot cannot do that tonight' },
    { name: 'no direction', action: { type: 'shift_cards' }, code: 'INVALID_ACTION', message: 'Choose left or right' },
    { name: 'a bad direction', action: { type: 'shift_cards', direction: 'up' as 'left' }, code: 'INVALID_ACTION', message: 'Choose left or right' },
    { name: 'no_action', action: { type: 'no_action' }, code: 'INVALID_ACTION' },
  ]],
  ['Role Giver', [
    { name: 'a bad center index', action: { type: 'view_and_swap', centerIndex: 3, targetUserId: 'p2' }, code: 'INVALID_CENTER_INDEX' },
    { name: 'no center index', action: { type: 'view_and_swap', targetUserId: 'p2' }, code: 'INVALID_CENTER_INDEX' },
    { name: 'no target', action: { type: 'view_and_swap', centerIndex: 0 }, code: 'INVALID_TARGET' },
    { name: 'an unknown player', action: { type: 'view_and_swap', centerIndex: 0, targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
    { name: 'a plain center swap', action: { type: 'swap_center', centerIndex: 0 }, code: 'INVALID_ACTION' },
  ]],
  ['Tapper', [
    { name: 'a non-adjacent seat', action: { type: 'tap_player', targetUserId: 'p3' }, code: 'INVALID_TARGET', message: 'You can only tap a player seated next to you' },
    { name: 'another non-adjacent seat', action: { type: 'tap_player', targetUserId: 'p4' }, code: 'INVALID_TARGET' },
    { name: 'tapping itself', action: { type: 'tap_player', targetUserId: 'p1' }, code: 'SELF_TARGET' },
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION' },
    { name: 'an unknown player', action: { type: 'tap_player', targetUserId: 'ghost' }, code: 'INVALID_TARGET' },
  ]],
  ['Item Giver', [
    { name: 'an unknown player', action: { type: 'assign_artifact', targetUserId: 'ghost', artifactId: 'mask_of_muting' }, code: 'INVALID_TARGET' },
    { name: 'no target', action: { type: 'assign_artifact' }, code: 'INVALID_TARGET' },
    { name: 'a protection', action: { type: 'protect_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
  ]],
  ['Seer Knower', [
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION', message: 'The Seer Knower cannot do that tonight' },
    { name: 'viewing a player', action: { type: 'view_player', targetUserId: 'p2' }, code: 'INVALID_ACTION' },
  ]],
  ['Self-Checker', [
    { name: 'a pass', action: { type: 'pass' }, code: 'INVALID_ACTION' },
  ]],
];

describe('docs/rules.md "Night order": rejected inputs per role (error, and nothing changes)', () => {
  for (const [role, cases, make] of ROLE_CASES) {
    describe(role, () => {
      for (const c of cases) {
        it(`rejects ${c.name}`, () => {
          const s = (make ?? (() => table(role)))();
          expectRejected(s, (x) => submit(x, 'p1', c.action), { code: c.code, title: 'Invalid Action', message: c.message });
        });
      }
    });
  }

  it('every role rejects a second submission', () => {
    const done: Array<[RoleName, ActionPayload]> = [
      ['Bad Guy Converter', { type: 'pass' }], ['Advanced Bad Guy', { type: 'view_player', targetUserId: 'p2' }],
      ['Isolated Bad Guy', { type: 'no_action' }], ['Role Locker', { type: 'protect_player', targetUserId: 'p1' }],
      ['Paranormal Investigator', { type: 'investigate_players', targetUserIds: ['p2'] }], ['Protector', { type: 'protect_from_death', targetUserId: 'p2' }],
      ['Stalker', { type: 'target_player', targetUserId: 'p2' }], ['Single Role Looker', { type: 'view_center_card', centerIndex: 2 }],
      ['Role Revealer', { type: 'reveal_player', targetUserId: 'p2' }], ['Village Idiot', { type: 'shift_cards', direction: 'right' }],
      ['Role Giver', { type: 'view_and_swap', centerIndex: 0, targetUserId: 'p1' }], ['Tapper', { type: 'tap_player', targetUserId: 'p2' }],
      ['Item Giver', { type: 'assign_artifact', targetUserId: 'p1' }], ['Seer Knower', { type: 'no_action' }],
      ['Role Copier', { type: 'copy_role', targetUserId: 'p3' }],
    ];
    for (const [role, action] of done) {
      const s = submit(table(role), 'p1', action).state;
      expect(player(s, 'p1').hasSubmitted).toBe(true);
      expectRejected(s, (x) => submit(x, 'p1', action), { code: 'ALREADY_SUBMITTED', message: 'You have already submitted your night action' });
    }
  });

  describe('the Role Copier second action', () => {
    const copied = () => submit(table('Role Copier', ['Role Thief', 'Basic Good Guy', 'Tapper', 'Bad Guy', 'Village Idiot']), 'p1', { type: 'copy_role', targetUserId: 'p2' }).state;

    it('rejects an action of another role than the copied one', () => {
      expectRejected(copied(), (x) => submit(x, 'p1', { type: 'view_player', targetUserId: 'p3' }), {
        code: 'INVALID_ACTION', message: 'As the copied Role Thief, you cannot do that tonight',
      });
    });

    it('rejects a second copy', () => {
      expectRejected(copied(), (x) => submit(x, 'p1', { type: 'copy_role', targetUserId: 'p3' }), { code: 'INVALID_ACTION' });
    });

    it("rejects a self target under the copied role's rules", () => {
      expectRejected(copied(), (x) => submit(x, 'p1', { type: 'rob_player', targetUserId: 'p1' }), { code: 'SELF_TARGET' });
    });

    it("applies the copied role's own checks: a copied Tapper taps only its own neighbours", () => {
      const s = submit(table('Role Copier', ['Role Thief', 'Basic Good Guy', 'Tapper', 'Bad Guy', 'Village Idiot']), 'p1', { type: 'copy_role', targetUserId: 'p4' }).state;
      expectRejected(s, (x) => submit(x, 'p1', { type: 'tap_player', targetUserId: 'p3' }), { code: 'INVALID_TARGET', message: 'You can only tap a player seated next to you' });
      expect(player(submit(s, 'p1', { type: 'tap_player', targetUserId: 'p6' }).state, 'p1').copyActionData).toEqual({ type: 'tap_player', targetUserId: 'p6' });
    });

    it('a copied Village Idiot cannot pass; a third submission is rejected', () => {
      const s = submit(table('Role Copier', ['Village Idiot', 'Basic Good Guy', 'Bad Guy']), 'p1', { type: 'copy_role', targetUserId: 'p2' }).state;
      expectRejected(s, (x) => submit(x, 'p1', { type: 'pass' }), { code: 'INVALID_ACTION' });
      const done = submit(s, 'p1', { type: 'shift_cards', direction: 'left' }).state;
      expectRejected(done, (x) => submit(x, 'p1', { type: 'shift_cards', direction: 'left' }), { code: 'ALREADY_SUBMITTED' });
    });

    it('the Converter may not convert a Copier that copied a wolf (it sees it as a bad guy)', () => {
      let s = dealtGame({ players: ['Bad Guy Converter', 'Role Copier', 'Bad Guy', 'Basic Good Guy'] });
      s = submit(s, 'p2', { type: 'copy_role', targetUserId: 'p3' }).state;
      expectRejected(s, (x) => submit(x, 'p1', { type: 'convert_player', targetUserId: 'p2' }), { code: 'INVALID_TARGET', message: 'You cannot convert a bad guy' });
    });
  });

  it('accepts self where docs/rules.md allows it: the shield, the artifact, the Role Giver', () => {
    expect(player(submit(table('Role Locker'), 'p1', { type: 'protect_player', targetUserId: 'p1' }).state, 'p1').hasSubmitted).toBe(true);
    expect(player(submit(table('Item Giver'), 'p1', { type: 'assign_artifact', targetUserId: 'p1' }).state, 'p1').hasSubmitted).toBe(true);
    expect(player(submit(table('Role Giver'), 'p1', { type: 'view_and_swap', centerIndex: 2, targetUserId: 'p1' }).state, 'p1').hasSubmitted).toBe(true);
  });
});
