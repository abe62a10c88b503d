/**
 * The bytes of a change's views (docs/hot-path.md "One shared part per change", "One view batch per change"): a
 * viewer's message rebuilt from the batch (one shared part per kind of viewer, each viewer's own part) must equal
 * the socket message serialised whole, for players, an admin viewer and a spectator, with and without the chat,
 * in the lobby and after the deal; a removed player gets only their `removed` message.
 */
import { describe, expect, it } from '@jest/globals';
import { applyCommand, createGame, isAdminViewer, playerView, type GameState } from '@nightfall/game-rules';
import { ViewBatch, type ChatMessage } from '@nightfall/protocol';
import { viewBatch } from './game-publisher.service.js';

const CTX = { now: 1_800_000_000_000, seed: 'ab'.repeat(16), seedCommitment: 'cd'.repeat(32) };

/** A lobby of three humans (the host first) and a bot, a spectator and the host as admin viewer. */
function lobby(): GameState {
  let s = createGame({ id: 'game-1', roomCode: 'ABCDEF', hostId: 'u1', hostDisplayName: 'Host "Zoë"', now: CTX.now });
  s = applyCommand(s, { type: 'join', userId: 'u2', displayName: 'Ünïcode ✓' }, CTX).state;
  s = applyCommand(s, { type: 'join', userId: 'u3', displayName: 'Third' }, CTX).state;
  s = applyCommand(s, { type: 'add_bot', userId: 'u1', botUserId: 'bot-1' }, CTX).state;
  s = applyCommand(s, { type: 'set_admin_viewer', userId: 'u1', enabled: true }, CTX).state;
  s.spectators = [{ userId: 'w1', displayName: 'Watcher', joinedAt: CTX.now }];
  return s;
}

/** The same lobby, started: every player dealt a role, night information in the views. */
function started(): GameState {
  const s = lobby();
  s.selectedRoles = ['Bad Guy', 'Bad Guy', 'Role Thief', 'Role Looker', 'Basic Good Guy', 'Basic Good Guy', 'Role Swapper'];
  return applyCommand(s, { type: 'start_game', userId: 'u1' }, CTX).state;
}

const chat: ChatMessage[] = [{ id: 'm1', gameId: 'game-1', userId: 'u2', displayName: 'Ünïcode ✓', content: 'hé "quoted" \\ ✓', messageType: 'chat', timestamp: CTX.now }];

const text = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('utf8'));

describe('viewBatch', () => {
  it.each([
    ['lobby', lobby, null],
    ['lobby with a new line', lobby, { added: chat }],
    ['lobby with the whole chat', lobby, { whole: chat }],
    ['after the deal', started, null],
    ['after the deal with a new line', started, { added: chat }],
    ['after the deal with the whole chat', started, { whole: chat }],
  ] as const)('%s: each viewer gets exactly its whole message out of the one batch', (_, make, viewChat) => {
    const state = make();
    expect(state.phase === 'lobby').toBe(make === lobby);
    const viewers = ['u1', 'u2', 'u3', 'w1'];
    const batch = ViewBatch.read(viewBatch(state, 7, 'game_updated', viewers, viewChat));
    expect(batch.userIds).toEqual(viewers);
    const out = viewers.map((id) => text(batch.messageFor(id))!);
    // the lines a change added are `newMessages` (appended by the client), the whole chat `messages` (replaces it)
    const chatField = viewChat === null ? {} : 'added' in viewChat ? { newMessages: viewChat.added } : { messages: viewChat.whole };
    out.forEach((got, i) => {
      const id = viewers[i]!;
      const whole = { type: 'game_updated', gameId: 'game-1', version: 7, view: playerView(state, id, { admin: isAdminViewer(state, id) }), ...chatField };
      expect(got).toBe(JSON.stringify(whole));
    });
    // the admin viewer's view reveals what the players' views do not
    const admin = JSON.parse(out[0]!);
    const player = JSON.parse(out[1]!);
    if (state.phase !== 'lobby') {
      expect(admin.view.game.centerCards).not.toBeNull();
      expect(player.view.game.centerCards).toBeNull();
    }
    expect(JSON.parse(out[3]!).view).toMatchObject({ spectating: true, me: null });
    // nobody else's message is in it
    expect(batch.messageFor('bot-1')).toBeNull();
  });

  it('carries a removed player only their removed message', () => {
    const state = lobby();
    const batch = ViewBatch.read(viewBatch(state, 9, 'player_joined', ['u1', 'u2'], null, [{ userId: 'u3', reason: 'kicked' }]));
    expect(JSON.parse(text(batch.messageFor('u3'))!)).toEqual({ type: 'removed', gameId: 'game-1', version: 9, reason: 'kicked' });
    expect(batch.userIds).toEqual(['u1', 'u2', 'u3']);
  });
});
