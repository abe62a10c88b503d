/**
 * The rule helpers a client imports instead of re-implementing them (src/index.ts), checked against the
 * engine's own behaviour: a helper and the command it mirrors must never disagree.
 */
import * as api from './index.js';
import {
  CENTER_INDEXES,
  CENTER_SIZE,
  PILE_INDEX,
  ROLES,
  SELECTABLE_ROLES,
  applyCommand,
  canTargetSelf,
  checkCanStart,
  checkChatText,
  checkDiscussionTime,
  describeAction,
  playerView,
  requiredRoleCount,
  roleCap,
  tapSide,
  tapTargets,
  targetsPlayers,
  toggleRole,
  validTargetsFor,
  validateRoleSelection,
  type ActionType,
  type RoleName,
} from './index.js';
import { CTX, dealtGame, player } from './testing/fixtures.js';

/** Every action type of spec 000 section 3. */
const ACTION_TYPES: ActionType[] = [
  'view_player', 'view_center', 'view_werewolf_pile', 'view_center_card', 'rob_player', 'target_player', 'swap_players',
  'swap_center', 'assign_artifact', 'copy_role', 'convert_player', 'protect_player', 'protect_from_death', 'tap_player',
  'reveal_player', 'investigate_players', 'shift_cards', 'view_and_swap', 'pass', 'swap_with_center', 'no_action',
];

/** The RulesError `fn` throws, or undefined. */
function errorOf(fn: () => unknown): { code?: string; title?: string; message?: string } | undefined {
  try {
    fn();
  } catch (e) {
    return e as { code?: string; title?: string; message?: string };
  }
  return undefined;
}

describe('client rule helpers (src/index.ts)', () => {
  it('the index exports every helper a client needs', () => {
    const fns = [
      'requiredRoleCount', 'roleCap', 'toggleRole', 'validateRoleSelection', 'checkCanStart', 'checkDiscussionTime', 'checkDisplayName',
      'describeAction', 'canTargetSelf', 'targetsPlayers', 'isActionType', 'tapTargets', 'tapSide', 'checkChatText',
      'validateChatMessage', 'playerView', 'nightOrderOf', 'rolesInNightOrder', 'displayNameOf', 'roleTeam', 'isWolfRole', 'isRoleName',
    ];
    for (const name of fns) expect(typeof (api as Record<string, unknown>)[name]).toBe('function');
    expect(api.CENTER_SIZE).toBe(3);
    expect(api.PILE_INDEX).toBe(3);
    expect(api.CENTER_INDEXES).toEqual([0, 1, 2]);
    // The engine exports codes, never sentences (docs/rules.md "Message codes").
    expect(api.NIGHT_MESSAGE_CODES).toContain('stalked');
    expect(api.NIGHT_MESSAGE_CODES).toContain('tapped');
    expect(Object.values(api).filter((v) => typeof v === 'string' && / [a-z]+ /.test(v))).toEqual([]);
  });

  it('requiredRoleCount: players + 3, exactly what start_game demands', () => {
    expect(requiredRoleCount(1)).toBe(4);
    expect(requiredRoleCount(5)).toBe(8);
    expect(requiredRoleCount(27)).toBe(30);
    expect(CENTER_INDEXES).toHaveLength(CENTER_SIZE);
    expect(PILE_INDEX).toBe(CENTER_SIZE);
    expect(errorOf(() => checkCanStart(5, Array<RoleName>(8).fill('Basic Good Guy')))).toBeUndefined();
    expect(errorOf(() => checkCanStart(5, Array<RoleName>(7).fill('Basic Good Guy')))).toMatchObject({
      code: 'WRONG_ROLE_COUNT', title: 'Cannot start game', message: 'Need exactly 8 roles for 5 players',
    });
    expect(errorOf(() => checkCanStart(0, []))).toMatchObject({ code: 'WRONG_ROLE_COUNT', message: 'Need exactly 3 roles for 0 players' });
    expect(errorOf(() => checkCanStart(1, ['Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy', 'Old Hag']))).toMatchObject({ code: 'ROLE_NOT_AVAILABLE' });
  });

  it('roleCap: Bad Guy 2, Mutual Knowers 2, Basic Good Guy 3, every other role 1 (the catalogue caps), unknown names 1', () => {
    for (const role of SELECTABLE_ROLES) {
      const expected = role === 'Bad Guy' || role === 'Mutual Knowers' ? 2 : role === 'Basic Good Guy' ? 3 : 1;
      expect([role, roleCap(role)]).toEqual([role, expected]);
      expect(roleCap(role)).toBe(ROLES[role].maxCount);
    }
    expect(roleCap('A Custom Role')).toBe(1);
  });

  it('toggleRole: adds one copy under the cap, removes every copy at the cap; never modifies its input', () => {
    const start: RoleName[] = ['Role Thief'];
    const one = toggleRole(start, 'Bad Guy');
    const two = toggleRole(one, 'Bad Guy');
    expect(one).toEqual(['Role Thief', 'Bad Guy']);
    expect(two).toEqual(['Role Thief', 'Bad Guy', 'Bad Guy']);
    expect(toggleRole(two, 'Bad Guy')).toEqual(['Role Thief']);
    expect(toggleRole(start, 'Role Thief')).toEqual([]);
    expect(start).toEqual(['Role Thief']);
    let villagers: RoleName[] = [];
    for (let i = 0; i < 3; i++) villagers = toggleRole(villagers, 'Basic Good Guy');
    expect(villagers).toHaveLength(3);
    expect(toggleRole(villagers, 'Basic Good Guy')).toEqual([]);
  });

  it('validateRoleSelection accepts and rejects exactly what update_role_selection does', () => {
    const lobby = api.createGame({ id: 'g', roomCode: 'ROOM01', hostId: 'h', hostDisplayName: 'Host', now: 1 });
    const cases: unknown[][] = [
      ['Bad Guy', 'Bad Guy', 'Basic Good Guy'],
      ['Bad Guy', 'Bad Guy', 'Bad Guy'],
      ['Role Thief', 'Role Thief'],
      ['Old Hag'],
      ['Werewolf'],
      Array(31).fill('Basic Good Guy'),
      [],
    ];
    for (const roles of cases) {
      const helper = errorOf(() => validateRoleSelection(roles, lobby.selectedRoles));
      const command = errorOf(() => applyCommand(lobby, { type: 'update_role_selection', userId: 'h', roles: roles as RoleName[] }, CTX));
      expect([roles, helper?.code, helper?.message]).toEqual([roles, command?.code, command?.message]);
    }
    expect(validateRoleSelection(['Bad Guy', 'Bad Guy'])).toEqual(['Bad Guy', 'Bad Guy']);
    // Over the cap is accepted when it does not exceed the current selection (bots added past the cap).
    expect(validateRoleSelection(['Role Thief', 'Role Thief'], ['Role Thief', 'Role Thief', 'Role Thief'])).toHaveLength(2);
  });

  it('checkDiscussionTime and checkChatText use the spec limits and texts', () => {
    expect(checkDiscussionTime(60)).toBe(60);
    expect(checkDiscussionTime(600)).toBe(600);
    for (const bad of [0, 30, 90, 660, '120', null]) expect(errorOf(() => checkDiscussionTime(bad))?.code).toBe('INVALID_SETTINGS');
    expect(checkChatText('  hi  ')).toBe('hi');
    expect(errorOf(() => checkChatText('   '))).toMatchObject({ code: 'INVALID_MESSAGE', message: 'Message cannot be empty' });
    expect(errorOf(() => checkChatText('x'.repeat(201)))).toMatchObject({ code: 'INVALID_MESSAGE', message: 'Message must be 200 characters or less' });
    expect(checkChatText('x'.repeat(200))).toHaveLength(200);
  });

  it('canTargetSelf: only the Role Locker shield, the Item Giver artifact and the Role Giver swap; validTargetsFor agrees', () => {
    expect(ACTION_TYPES.filter(canTargetSelf).sort()).toEqual(['assign_artifact', 'protect_player', 'view_and_swap']);
    expect(ACTION_TYPES.filter(targetsPlayers).sort()).toEqual([
      'assign_artifact', 'convert_player', 'copy_role', 'investigate_players', 'protect_from_death', 'protect_player', 'reveal_player',
      'rob_player', 'swap_players', 'tap_player', 'target_player', 'view_and_swap', 'view_player',
    ]);
    const s = dealtGame({ players: ['Role Locker', 'Item Giver', 'Role Giver', 'Role Thief', 'Protector', 'Role Looker', 'Bad Guy'] });
    for (const p of s.players) {
      for (const [type, ids] of Object.entries(validTargetsFor(s, p)) as Array<[ActionType, string[]]>) {
        expect([type, ids.includes(p.userId)]).toEqual([type, canTargetSelf(type)]);
      }
    }
  });

  it('describeAction gives the night-log action kind the engine writes', () => {
    expect(describeAction('view_player')).toBe('view_player');
    expect(describeAction('no_action', 'Self-Checker')).toBe('self_check');
    expect(describeAction('no_action')).toBe('no_action');
    expect(describeAction('swap_with_center')).toBe('swap_center');
    for (const type of ['view_player', 'view_center', 'view_werewolf_pile', 'pass'] as const) expect(api.NIGHT_ACTION_KINDS).toContain(describeAction(type));
    const s = api.applyCommand(dealtGame({ players: ['Role Thief', 'Basic Good Guy', 'Bad Guy'] }), { type: 'submit_action', userId: 'p1', action: { type: 'rob_player', targetUserId: 'p2' } }, CTX).state;
    const done = api.applyCommand(api.applyCommand(s, { type: 'submit_action', userId: 'p2', action: { type: 'no_action' } }, CTX).state, { type: 'submit_action', userId: 'p3', action: { type: 'pass' } }, CTX).state;
    for (const e of done.nightLog) expect(e.kind).toBe(describeAction(e.action.type, e.role));
  });

  it('the code lists name every code the engine writes in a whole game of bots', () => {
    const night = new Set<string>(api.NIGHT_MESSAGE_CODES);
    const s = api.applyCommand(dealtGame({ players: ['Role Thief', 'Basic Good Guy', 'Bad Guy'] }), { type: 'submit_action', userId: 'p1', action: { type: 'rob_player', targetUserId: 'p3' } }, CTX).state;
    const done = api.applyCommand(api.applyCommand(s, { type: 'submit_action', userId: 'p2', action: { type: 'no_action' } }, CTX).state, { type: 'submit_action', userId: 'p3', action: { type: 'pass' } }, CTX).state;
    for (const p of done.players) for (const m of p.actionResult?.lines ?? []) expect(night.has(m.code)).toBe(true);
    for (const e of done.nightLog) expect(api.NIGHT_ACTION_KINDS).toContain(e.kind);
  });

  it('tapTargets and tapSide work on a client view as on the engine state', () => {
    const s = dealtGame({ players: ['Tapper', 'Basic Good Guy', 'Bad Guy', 'Basic Good Guy', 'Role Thief'] });
    const view = playerView(s, 'p1');
    const ids = (ps: Array<{ userId: string }>) => ps.map((p) => p.userId);
    for (const p of s.players) expect(ids(tapTargets(view, p))).toEqual(ids(tapTargets(s, player(s, p.userId))));
    expect(ids(tapTargets(view, { userId: 'p1' }))).toEqual(['p5', 'p2']);
    expect(view.me?.validTargets?.tap_player).toEqual(['p5', 'p2']);
    expect(tapSide(view, 'p1', 'p2')).toBe('left');
    expect(tapSide(view, 'p1', 'p5')).toBe('right');
    expect(tapTargets(view, { userId: 'stranger' })).toEqual([]);
    const two = dealtGame({ players: ['Tapper', 'Bad Guy'] });
    expect(ids(tapTargets(playerView(two, 'p1'), { userId: 'p1' }))).toEqual(['p2']);
  });
});
