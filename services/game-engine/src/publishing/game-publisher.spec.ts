/**
 * The bytes of a change's views (docs/hot-path.md "One shared part per change"): built from one shared part per
 * kind of viewer and each viewer's own part, they must equal the socket message serialised whole, for players,
 * an admin viewer and a spectator, with and without the chat, in the lobby and after the deal.
 */
import { describe, expect, it } from '@jest/globals';
import { applyCommand, createGame, isAdminViewer, playerView, type GameState } from '@nightfall/game-rules';
import { gameViewSubject, type ChatMessage } from '@nightfall/protocol';
import { viewMessages } from './game-publisher.service.js';

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

describe('viewMessages', () => {
  it.each([
    ['lobby', lobby, null],
    ['lobby with chat', lobby, chat],
    ['after the deal', started, null],
    ['after the deal with chat', started, chat],
  ] as const)('%s: each viewer gets exactly its whole message, on its own subject', (_, make, messages) => {
    const state = make();
    expect(state.phase === 'lobby').toBe(make === lobby);
    const viewers = ['u1', 'u2', 'u3', 'w1'];
    const out = viewMessages(state, 7, 'game_updated', viewers, messages ? [...messages] : null);
    expect(out.map(([subject]) => subject)).toEqual(viewers.map((id) => gameViewSubject('game-1', id)));
    out.forEach(([, bytes], i) => {
      const id = viewers[i]!;
      const whole = { type: 'game_updated', gameId: 'game-1', version: 7, view: playerView(state, id, { admin: isAdminViewer(state, id) }), ...(messages ? { messages } : {}) };
      expect(Buffer.from(bytes).toString('utf8')).toBe(JSON.stringify(whole));
    });
    // the admin viewer's view reveals what the players' views do not
    const admin = JSON.parse(Buffer.from(out[0]![1]).toString('utf8'));
    const player = JSON.parse(Buffer.from(out[1]![1]).toString('utf8'));
    if (state.phase !== 'lobby') {
      expect(admin.view.game.centerCards).not.toBeNull();
      expect(player.view.game.centerCards).toBeNull();
    }
    expect(JSON.parse(Buffer.from(out[3]![1]).toString('utf8')).view).toMatchObject({ spectating: true, me: null });
  });
});
