import { createGame, applyCommand, playerView, type GameState } from '@nightfall/game-rules';
import { choosesAgainAfterRefusal, nextSimulatedMove, nightActionsTaken } from './simulated-player.js';

const gameId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const ctx = { now: 1, seed: 'ab'.repeat(16) };

/** A started game of two humans, host `h` and guest `g` (five roles). */
function started(): GameState {
  let s = createGame({ id: gameId, roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0 });
  s = applyCommand(s, { type: 'join', userId: 'g', displayName: 'Guest' }, ctx).state;
  s = applyCommand(s, { type: 'update_role_selection', userId: 'h', roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Role Swapper'] }, ctx).state;
  return applyCommand(s, { type: 'start_game', userId: 'h' }, ctx).state;
}

describe('simulated player (tests, bench, k6)', () => {
  it('readies, acts with an allowed action and votes for someone else, from its own view only', () => {
    let s = started();
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

  it('counts the night actions a player has taken, a Role Copier\'s copied one too (the move keys of the bench and chaos)', () => {
    let s = started();
    for (let i = 0; i < 5 && s.phase !== 'job_choice'; i++) {
      for (const u of ['h', 'g']) s = applyCommand(s, { type: 'ready_next_phase', userId: u }, ctx).state;
    }
    expect(s.phase).toBe('job_choice');
    const actor = ['h', 'g'].find((u) => nextSimulatedMove(playerView(s, u))?.action === 'submit_action')!;
    expect(nightActionsTaken(playerView(s, actor))).toBe(0);
    const move = nextSimulatedMove(playerView(s, actor))!;
    s = applyCommand(s, { type: 'submit_action', userId: actor, action: move.data } as never, ctx).state;
    const view = playerView(s, actor);
    expect(nightActionsTaken(view)).toBe(1);
    expect(nightActionsTaken({ ...view, me: { ...view.me!, copyAction: { type: 'pass' } } } as never)).toBe(2);
  });

  it('chooses a refused night action or vote again a few times, and no other move', () => {
    expect([1, 2, 3, 4].map((n) => choosesAgainAfterRefusal('job_choice', n))).toEqual([true, true, true, false]);
    expect(choosesAgainAfterRefusal('vote', 1)).toBe(true);
    for (const phase of ['lobby', 'role_deal', 'role_resolve', 'discussion', 'results'] as const) expect(choosesAgainAfterRefusal(phase, 1)).toBe(false);
  });
});
