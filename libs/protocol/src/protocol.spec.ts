import { z } from 'zod';
import { clientMessageSchema, gameActionSchema, joinRoomSchema, credentialsSchema, parseClientMessage } from './schemas.js';
import { LIMITS } from './index.js';

const gameId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('client message schema (spec 000 section 7)', () => {
  it('accepts every documented message shape', () => {
    for (const msg of [
      { type: 'join_game', gameId, userId: 'u1' },
      { type: 'ping' },
      { type: 'game_action', gameId, userId: 'u1', action: 'update_role_selection', data: { roles: ['Bad Guy'] } },
      { type: 'game_action', gameId, userId: 'u1', action: 'start_game', data: {} },
      { type: 'game_action', gameId, userId: 'u1', action: 'submit_action', data: { type: 'view_center', positions: [0, 2] } },
      { type: 'game_action', gameId, userId: 'u1', action: 'submit_vote', data: { targetUserId: 'u2' } },
      { type: 'game_action', gameId, userId: 'u1', action: 'ready_next_phase' },
      { type: 'game_action', gameId, userId: 'u1', action: 'play_again', data: {} },
      { type: 'game_action', gameId, userId: 'u1', action: 'update_game_settings', data: { discussionTime: 120 } },
      { type: 'game_action', gameId, userId: 'u1', action: 'add_bot', data: {} },
      { type: 'game_action', gameId, userId: 'u1', action: 'remove_bot', data: { botUserId: 'bot-1' } },
      { type: 'game_action', gameId, userId: 'u1', action: 'send_message', data: { content: 'hi' } },
      { type: 'game_action', gameId, userId: 'u1', action: 'force_discussion_end', data: { gameId } },
    ]) {
      expect(clientMessageSchema.safeParse(msg).success).toBe(true);
    }
  });

  it('rejects unknown actions, bad ids and unknown payload fields', () => {
    for (const msg of [
      { type: 'hello' },
      { type: 'join_game', gameId: 'not-a-uuid', userId: 'u1' },
      { type: 'game_action', gameId, userId: 'u1', action: 'explode', data: {} },
      { type: 'game_action', gameId, userId: 'u1', action: 'submit_action', data: { type: 'view_player', targetUserId: 'u2', extra: 1 } },
      { type: 'game_action', gameId, userId: 'u1', action: 'submit_vote', data: {} },
      { type: 'game_action', gameId, userId: '', action: 'add_bot', data: {} },
    ]) {
      expect(clientMessageSchema.safeParse(msg).success).toBe(false);
    }
  });
});

describe('parseClientMessage: what is wrong with a refused message, in one line', () => {
  it.each([
    [null, 'A message must be a JSON object'],
    [[], 'A message must be a JSON object'],
    [{}, 'type: expected join_game, game_action or ping'],
    [{ type: 'hello' }, 'Unknown message type "hello"'],
    [{ type: 'constructor' }, 'Unknown message type "constructor"'],
    [{ type: 'join_game', gameId: 'not-a-uuid', userId: 'u1' }, 'gameId: Invalid UUID'],
    [{ type: 'game_action', gameId, userId: 'u1' }, 'action: expected the name of an action'],
    [{ type: 'game_action', gameId, userId: 'u1', action: 'toString' }, 'Unknown action "toString"'],
    [{ type: 'game_action', gameId, userId: 'u1', action: 'submit_vote', data: {} }, 'data.targetUserId: Invalid input: expected string, received undefined'],
    [{ type: 'game_action', gameId, userId: 'u1', action: 'submit_action', data: { type: 'pass', extra: 1 } }, 'data: Unrecognized key: "extra"'],
    [{ type: 'game_action', gameId, userId: 7, action: 'add_bot' }, 'userId: Invalid input: expected string, received number'],
  ])('%j -> %s', (msg, error) => {
    expect(parseClientMessage(msg)).toEqual({ success: false, error });
  });

  it('accepts what the schema accepts', () => {
    const msg = { type: 'game_action', gameId, userId: 'u1', action: 'submit_vote', data: { targetUserId: 'u2' }, extra: true };
    expect(parseClientMessage(msg)).toEqual({ success: true, data: clientMessageSchema.parse(msg) });
    expect(parseClientMessage({ type: 'ping' })).toEqual({ success: true, data: { type: 'ping' } });
  });
});

describe('game_action messages: the same as the intersection of the message fields and the action', () => {
  // the schema before docs/hot-path.md "The fifteenth machine": the message's fields `.and` the action
  const intersection = z.object({ type: z.literal('game_action'), gameId: z.string().uuid(), userId: z.string().min(1).max(64), commandId: z.string().min(1).max(64).optional() }).and(gameActionSchema);
  const base = { type: 'game_action', gameId, userId: 'u1' };
  const messages: unknown[] = [
    { ...base, action: 'submit_vote', data: { targetUserId: 'u2' }, extra: true, commandId: 'c-1' },
    { ...base, action: 'submit_action', data: { type: 'swap_players', player1UserId: 'a', player2UserId: 'b' } },
    { ...base, action: 'share_theme', data: { themePack: { id: 't1', name: 'kept' } } },
    { ...base, action: 'ready_next_phase' },
    { ...base, action: 'start_game', data: { anything: 1 } },
    { ...base, action: 'send_message', data: { content: 'x'.repeat(2001) } },
    { ...base, action: 'submit_vote', data: {} },
    { ...base, gameId: 'nope', action: 'submit_vote', data: {} },
    { ...base, userId: '', commandId: '', action: 'remove_bot', data: { botUserId: 7 } },
    { ...base, action: 'submit_action', data: { type: 'pass', extra: 1 } },
    { ...base, action: 'update_role_selection', data: { roles: Array(41).fill('Seer') } },
  ];
  it.each(messages.map((m) => [m]))('%j', (msg) => {
    const before = intersection.safeParse(msg);
    const now = clientMessageSchema.safeParse(msg);
    expect(now.success).toBe(before.success);
    if (before.success) expect(now.data).toEqual(before.data);
    else expect(parseClientMessage(msg)).toEqual({ success: false, error: `${before.error.issues[0]!.path.join('.')}: ${before.error.issues[0]!.message}` });
  });
});

describe('REST bodies (spec 001 section 5)', () => {
  it('trims and uppercases the room code and gives the spec text when it is empty', () => {
    expect(joinRoomSchema.parse({ roomCode: ' ab12cd ', displayName: ' Ann ' })).toEqual({ roomCode: 'AB12CD', displayName: 'Ann' });
    const empty = joinRoomSchema.safeParse({ roomCode: '   ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Please enter a room code');
    expect(joinRoomSchema.safeParse({ roomCode: 'ABCDEFG' }).success).toBe(false);
    expect(joinRoomSchema.safeParse({ roomCode: 'ABC', displayName: 'x'.repeat(LIMITS.displayNameMaxLength + 1) }).success).toBe(false);
  });

  it('normalises e-mail addresses', () => {
    expect(credentialsSchema.parse({ email: ' Host@Example.COM ', password: 'secret1' }).email).toBe('host@example.com');
    expect(credentialsSchema.safeParse({ email: 'nope' }).success).toBe(false);
  });
});
