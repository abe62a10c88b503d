/**
 * Every rejection throws a RulesError with a stable code and the spec's texts, and changes nothing
 * (docs/rules.md "Submitting actions"; spec 000 sections 5 and 8; docs/rules.md "The command engine").
 */
import { validateChatMessage } from './chat.js';
import { applyCommand, createGame } from './engine.js';
import { CTX, dealtGame, expectRejected, run } from './testing/fixtures.js';
import type { ActionPayload, Command, GameState } from './types.js';

function lobby(players = 3): GameState {
  let s = createGame({ id: 'g', roomCode: 'ROOM01', hostId: 'host', hostDisplayName: 'Hostie', now: 1 });
  for (let i = 1; i < players; i++) s = run(s, { type: 'join', userId: `u${i}`, displayName: `User ${i}` }).state;
  return s;
}

const submit = (s: GameState, userId: string, action: ActionPayload) =>
  applyCommand(s, { type: 'submit_action', userId, action }, CTX);

describe('night action validation (docs/rules.md "Night order")', () => {
  const base = () =>
    dealtGame({ players: ['Role Thief', 'Role Looker', 'Bad Guy', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Basic Good Guy'] });

  it('rejects an action type that does not belong to the dealt role', () => {
    expectRejected(base(), (s) => submit(s, 'p1', { type: 'view_player', targetUserId: 'p2' }), { code: 'INVALID_ACTION', title: 'Invalid Action' });
    expectRejected(base(), (s) => submit(s, 'p7', { type: 'pass' }), { code: 'INVALID_ACTION' });
    expectRejected(base(), (s) => submit(s, 'p5', { type: 'pass' }), { code: 'INVALID_ACTION' });
    expectRejected(base(), (s) => submit(s, 'p6', { type: 'view_player', targetUserId: 'p1' }), { code: 'INVALID_ACTION' });
    expectRejected(base(), (s) => submit(s, 'p1', { type: 'fly' } as unknown as ActionPayload), { code: 'INVALID_ACTION' });
  });

  it('rejects the bad-guy peek when the Bad Guy is not alone, and the pile without a Converter', () => {
    const two = dealtGame({ players: ['Bad Guy', 'Bad Guy', 'Role Looker'] });
    expectRejected(two, (s) => submit(s, 'p1', { type: 'view_center_card', centerIndex: 0 }), { code: 'INVALID_ACTION' });
    expectRejected(base(), (s) => submit(s, 'p2', { type: 'view_werewolf_pile' }), { code: 'INVALID_ACTION' });
  });

  it('rejects self targets where not allowed', () => {
    expectRejected(base(), (s) => submit(s, 'p1', { type: 'rob_player', targetUserId: 'p1' }), {
      code: 'SELF_TARGET', message: 'You cannot choose yourself for this action',
    });
    expectRejected(base(), (s) => submit(s, 'p2', { type: 'view_player', targetUserId: 'p2' }), { code: 'SELF_TARGET' });
    expectRejected(base(), (s) => submit(s, 'p4', { type: 'swap_players', player1UserId: 'p4', player2UserId: 'p1' }), { code: 'SELF_TARGET' });
  });

  it('rejects unknown or missing targets and swapping a player with itself', () => {
    expectRejected(base(), (s) => submit(s, 'p1', { type: 'rob_player', targetUserId: 'ghost' }), { code: 'INVALID_TARGET' });
    expectRejected(base(), (s) => submit(s, 'p1', { type: 'rob_player' }), { code: 'INVALID_TARGET' });
    expectRejected(base(), (s) => submit(s, 'p4', { type: 'swap_players', player1UserId: 'p1', player2UserId: 'p1' }), { code: 'INVALID_TARGET' });
    expectRejected(base(), (s) => submit(s, 'p4', { type: 'swap_players', player1UserId: 'p1' }), { code: 'INVALID_TARGET' });
  });

  it('rejects bad center indexes', () => {
    expectRejected(base(), (s) => submit(s, 'p5', { type: 'swap_center', centerIndex: 3 }), { code: 'INVALID_CENTER_INDEX' });
    expectRejected(base(), (s) => submit(s, 'p5', { type: 'swap_center', centerIndex: -1 }), { code: 'INVALID_CENTER_INDEX' });
    expectRejected(base(), (s) => submit(s, 'p5', { type: 'swap_center', centerIndex: 1.5 }), { code: 'INVALID_CENTER_INDEX' });
    expectRejected(base(), (s) => submit(s, 'p2', { type: 'view_center', positions: [0, 0] }), { code: 'INVALID_CENTER_INDEX' });
    expectRejected(base(), (s) => submit(s, 'p2', { type: 'view_center', positions: [0] }), { code: 'INVALID_CENTER_INDEX' });
    expectRejected(base(), (s) => submit(s, 'p2', { type: 'view_center', positions: [0, 1, 2] }), { code: 'INVALID_CENTER_INDEX' });
    expectRejected(base(), (s) => submit(s, 'p2', { type: 'view_center', positions: [1, 3] }), { code: 'INVALID_CENTER_INDEX' });
    const lone = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Role Looker'] });
    expectRejected(lone, (s) => submit(s, 'p1', { type: 'view_center_card' }), { code: 'INVALID_CENTER_INDEX' });
  });

  it('rejects a second submission', () => {
    const s1 = submit(base(), 'p1', { type: 'pass' }).state;
    expectRejected(s1, (s) => submit(s, 'p1', { type: 'rob_player', targetUserId: 'p2' }), {
      code: 'ALREADY_SUBMITTED', message: 'You have already submitted your night action',
    });
  });

  it('rejects actions outside job_choice and from non-players', () => {
    expectRejected(dealtGame({ players: ['Role Thief', 'Bad Guy', 'Basic Good Guy'], phase: 'role_deal' }), (s) =>
      submit(s, 'p1', { type: 'pass' }), { code: 'WRONG_PHASE' });
    expectRejected(base(), (s) => submit(s, 'stranger', { type: 'no_action' }), { code: 'NOT_A_PLAYER' });
  });
});

describe('host-only lobby commands (spec 000 section 5)', () => {
  const cmds: Command[] = [
    { type: 'update_role_selection', userId: 'u1', roles: ['Bad Guy'] },
    { type: 'update_game_settings', userId: 'u1', discussionTime: 120 },
    { type: 'add_bot', userId: 'u1', botUserId: 'b1' },
    { type: 'remove_bot', userId: 'u1', botUserId: 'b1' },
    { type: 'update_seating', userId: 'u1', newSeatingOrder: ['u1', 'host', 'u2'] },
    { type: 'start_game', userId: 'u1' },
  ];
  it.each(cmds.map((c) => [c.type, c] as const))('%s is rejected for a non-host', (_t, cmd) => {
    expectRejected(lobby(), (s) => applyCommand(s, cmd, CTX), { code: 'NOT_HOST', title: 'Error', message: 'Only the host can do that' });
  });

  it('host commands are lobby-only', () => {
    const started = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'role_deal' });
    expectRejected(started, (s) => run(s, { type: 'update_game_settings', userId: 'p1', discussionTime: 120 }), { code: 'GAME_IN_PROGRESS' });
    expectRejected(started, (s) => run(s, { type: 'start_game', userId: 'p1' }), { code: 'GAME_IN_PROGRESS' });
  });
});

describe('role selection (spec 000 sections 5, 9)', () => {
  const sel = (s: GameState, roles: string[]) => run(s, { type: 'update_role_selection', userId: 'host', roles: roles as never });
  it('enforces the caps', () => {
    expectRejected(lobby(), (s) => sel(s, ['Bad Guy', 'Bad Guy', 'Bad Guy']), { code: 'ROLE_CAP_EXCEEDED' });
    expectRejected(lobby(), (s) => sel(s, ['Role Looker', 'Role Looker']), { code: 'ROLE_CAP_EXCEEDED' });
    expectRejected(lobby(), (s) => sel(s, ['Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy']), { code: 'ROLE_CAP_EXCEEDED' });
    expectRejected(lobby(), (s) => sel(s, ['Mutual Knowers', 'Mutual Knowers', 'Mutual Knowers']), { code: 'ROLE_CAP_EXCEEDED' });
    const ok = sel(lobby(), ['Bad Guy', 'Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy']);
    expect(ok.state.selectedRoles).toHaveLength(7);
  });

  it('rejects unknown and non-selectable roles', () => {
    expectRejected(lobby(), (s) => sel(s, ['Werewolf']), { code: 'UNKNOWN_ROLE' });
    expectRejected(lobby(), (s) => sel(s, ['Old Hag']), { code: 'ROLE_NOT_AVAILABLE' });
    expectRejected(lobby(), (s) => sel(s, ['Bad Guy', 'Uneliminatable Player']), {
      code: 'ROLE_NOT_AVAILABLE', message: 'The Uneliminatable Player role cannot be selected',
    });
    for (const r of ['Aura Seer', 'Copycat']) expectRejected(lobby(), (s) => sel(s, [r]), { code: 'ROLE_NOT_AVAILABLE' });
    expect(sel(lobby(), ['Bad Guy', 'Village Idiot', 'Bad Guy Converter']).state.selectedRoles).toEqual(['Bad Guy', 'Village Idiot', 'Bad Guy Converter']);
  });
});

describe('start, settings, bots, seating, join', () => {
  it('start_game needs exactly players + 3 roles', () => {
    expectRejected(lobby(2), (s) => run(s, { type: 'start_game', userId: 'host' }), {
      code: 'WRONG_ROLE_COUNT', title: 'Cannot start game', message: 'Need exactly 5 roles for 2 players',
    });
    expectRejected(lobby(5), (s) => run(s, { type: 'start_game', userId: 'host' }), { message: 'Need exactly 8 roles for 5 players', code: 'WRONG_ROLE_COUNT' });
  });

  it('discussion time must be 60-600 in steps of 60', () => {
    for (const t of [30, 0, 90, 660, 600.5, Number.NaN]) {
      expectRejected(lobby(), (s) => run(s, { type: 'update_game_settings', userId: 'host', discussionTime: t }), { code: 'INVALID_SETTINGS' });
    }
    expect(run(lobby(), { type: 'update_game_settings', userId: 'host', discussionTime: 600 }).state.settings.discussionTime).toBe(600);
  });

  it('bot limits use the spec texts', () => {
    let s = lobby(1);
    for (let i = 0; i < 26; i++) s = run(s, { type: 'add_bot', userId: 'host', botUserId: `bot${i}` }, CTX.now, `seed${i}`).state;
    expectRejected(s, (x) => run(x, { type: 'add_bot', userId: 'host', botUserId: 'bot99' }), {
      code: 'BOT_LIMIT', title: 'Cannot Add Bot', message: 'Maximum of 26 bots allowed with 1 human player',
    });
    let t = lobby(7);
    for (let i = 0; i < 20; i++) t = run(t, { type: 'add_bot', userId: 'host', botUserId: `bot${i}` }).state;
    expectRejected(t, (x) => run(x, { type: 'add_bot', userId: 'host', botUserId: 'bot99' }), {
      code: 'GAME_FULL', title: 'Cannot Add Bot', message: 'Maximum of 27 players allowed in a game',
    });
    expectRejected(lobby(2), (x) => run(x, { type: 'add_bot', userId: 'host', botUserId: 'u1' }), { code: 'DUPLICATE_USER' });
    expectRejected(lobby(2), (x) => run(x, { type: 'remove_bot', userId: 'host', botUserId: 'u1' }), { code: 'BOT_NOT_FOUND' });
  });

  it('seating must be a permutation of the players', () => {
    for (const order of [['host', 'u1'], ['host', 'u1', 'u1'], ['host', 'u1', 'zz'], ['host', 'u1', 'u2', 'u3']]) {
      expectRejected(lobby(), (s) => run(s, { type: 'update_seating', userId: 'host', newSeatingOrder: order }), {
        code: 'INVALID_SEATING', title: 'Error', message: 'Failed to rearrange seating',
      });
    }
  });

  it('join rejects started or full games and bad names', () => {
    const started = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'role_deal' });
    expectRejected(started, (s) => run(s, { type: 'join', userId: 'late', displayName: 'Late' }), {
      code: 'GAME_IN_PROGRESS', message: 'Game already started',
    });
    expectRejected(lobby(27), (s) => run(s, { type: 'join', userId: 'x', displayName: 'X' }), {
      code: 'GAME_FULL', title: 'Cannot Join', message: 'Maximum of 27 players allowed in a game',
    });
    expectRejected(lobby(), (s) => run(s, { type: 'join', userId: 'x', displayName: '   ' }), { code: 'INVALID_DISPLAY_NAME' });
    expectRejected(lobby(), (s) => run(s, { type: 'join', userId: 'x', displayName: 'x'.repeat(51) }), { code: 'INVALID_DISPLAY_NAME' });
  });
});

describe('phase commands', () => {
  it('self-votes and votes for strangers are rejected', () => {
    const v = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'vote' });
    expectRejected(v, (s) => run(s, { type: 'submit_vote', userId: 'p1', targetUserId: 'p1' }), {
      code: 'SELF_VOTE', title: 'Error', message: 'You cannot vote for yourself',
    });
    expectRejected(v, (s) => run(s, { type: 'submit_vote', userId: 'p1', targetUserId: 'nobody' }), { code: 'INVALID_VOTE' });
    expectRejected(v, (s) => run(s, { type: 'submit_vote', userId: 'nobody', targetUserId: 'p1' }), { code: 'NOT_A_PLAYER' });
    const d = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'discussion' });
    expectRejected(d, (s) => run(s, { type: 'submit_vote', userId: 'p1', targetUserId: 'p2' }), { code: 'WRONG_PHASE' });
  });

  it('force_discussion_end before the deadline, and deadline with none due, are errors', () => {
    const d = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'discussion' });
    expectRejected(d, (s) => run(s, { type: 'force_discussion_end', userId: 'p2' }, (s.deadlineAt as number) - 1), { code: 'TOO_EARLY' });
    expectRejected(d, (s) => run(s, { type: 'deadline' }, (s.deadlineAt as number) - 1), { code: 'NO_DEADLINE' });
    expectRejected(lobby(), (s) => run(s, { type: 'deadline' }), { code: 'NO_DEADLINE' });
    const j = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'] });
    expectRejected(j, (s) => run(s, { type: 'deadline' }, 9e15), { code: 'NO_DEADLINE' });
    expectRejected(j, (s) => run(s, { type: 'force_discussion_end', userId: 'p1' }, 9e15), { code: 'WRONG_PHASE' });
  });

  it('ready and play again are rejected in phases where they mean nothing', () => {
    const j = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'] });
    expectRejected(j, (s) => run(s, { type: 'ready_next_phase', userId: 'p1' }), { code: 'WRONG_PHASE' });
    expectRejected(lobby(), (s) => run(s, { type: 'play_again', userId: 'host' }), { code: 'WRONG_PHASE' });
    expectRejected(lobby(), (s) => run(s, { type: 'ready_next_phase', userId: 'ghost' }), { code: 'NOT_A_PLAYER' });
  });

  it('an unknown command is rejected', () => {
    expectRejected(lobby(), (s) => applyCommand(s, { type: 'explode' } as unknown as Command, CTX), { code: 'INVALID_COMMAND' });
  });
});

describe('chat (spec 000 section 5)', () => {
  it('trims, and rejects empty, too long and non-player messages', () => {
    const s = lobby();
    expect(validateChatMessage(s, 'u1', '  hello  ')).toBe('hello');
    expect(validateChatMessage(s, 'u1', 'x'.repeat(200))).toHaveLength(200);
    expectRejected(s, (x) => validateChatMessage(x, 'u1', '   '), { code: 'INVALID_MESSAGE', message: 'Message cannot be empty' });
    expectRejected(s, (x) => validateChatMessage(x, 'u1', 'x'.repeat(201)), {
      code: 'INVALID_MESSAGE', message: 'Message must be 200 characters or less',
    });
    expectRejected(s, (x) => validateChatMessage(x, 'ghost', 'hi'), { code: 'NOT_A_PLAYER' });
  });
});
