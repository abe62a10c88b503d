import { createGame, applyCommand, playerView, type GameState } from '@nightfall/game-rules';
import { clientMessageSchema, joinRoomSchema, credentialsSchema, nextSimulatedMove, LIMITS } from './index.js';

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

describe('simulated player (bench and tests)', () => {
  it('readies, acts with an allowed action and votes for someone else, from its own view only', () => {
    let s: GameState = createGame({ id: gameId, roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0 });
    const ctx = { now: 1, seed: 'ab'.repeat(16) };
    s = applyCommand(s, { type: 'join', userId: 'g', displayName: 'Guest' }, ctx).state;
    s = applyCommand(s, { type: 'update_role_selection', userId: 'h', roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Role Swapper'] }, ctx).state;
    s = applyCommand(s, { type: 'start_game', userId: 'h' }, ctx).state;
    const humans = ['h', 'g'];
    const seen = new Set<string>();
    for (let i = 0; i < 20 && s.phase !== 'results'; i++) {
      for (const u of humans) {
        const move = nextSimulatedMove(playerView(s, u));
        if (!move) continue;
        seen.add(`${s.phase}:${move.action}`);
        if (move.action === 'submit_vote') expect(move.data.targetUserId).not.toBe(u);
        s = applyCommand(s, { type: move.action, userId: u, ...(move.action === 'submit_action' ? { action: move.data } : move.data) } as never, ctx).state;
      }
    }
    expect(s.phase).toBe('results');
    expect([...seen]).toEqual(expect.arrayContaining(['role_deal:ready_next_phase', 'job_choice:submit_action', 'vote:submit_vote']));
    expect(nextSimulatedMove(playerView(s, 'h'))).toBeNull();
    expect(nextSimulatedMove(playerView(s, 'h'), () => 0, true)).toEqual({ action: 'play_again', data: {} });
  });
});
