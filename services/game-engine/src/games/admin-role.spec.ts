import { applyCommand, createGame, type GameState } from '@nightfall/game-rules';
import { adminSetPlayerRole } from './admin-role.js';

function dealt(): GameState {
  const ctx = { now: 1, seed: 'cd'.repeat(16) };
  let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0 });
  s = applyCommand(s, { type: 'join', userId: 'a', displayName: 'Ann' }, ctx).state;
  s = applyCommand(s, { type: 'update_role_selection', userId: 'h', roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker'] }, ctx).state;
  return applyCommand(s, { type: 'start_game', userId: 'h' }, ctx).state;
}

const deck = (s: GameState) => [...s.players.map((p) => p.originalRole), ...s.centerCards].sort();

describe('adminSetPlayerRole', () => {
  it('swaps the card with its holder so the deck is unchanged', () => {
    const s = dealt();
    for (const role of ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker']) {
      const next = adminSetPlayerRole(s, 'a', role);
      expect(next.players.find((p) => p.userId === 'a')?.originalRole).toBe(role);
      expect(next.players.find((p) => p.userId === 'a')?.currentRole).toBe(role);
      expect(deck(next)).toEqual(deck(s));
    }
    expect(s.players.find((p) => p.userId === 'a')?.originalRole).toBe(dealt().players.find((p) => p.userId === 'a')?.originalRole);
  });

  it('deals a second copy without taking back the first', () => {
    const ctx = { now: 1, seed: 'ef'.repeat(16) };
    let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0 });
    s = applyCommand(s, { type: 'join', userId: 'a', displayName: 'Ann' }, ctx).state;
    s = applyCommand(s, { type: 'join', userId: 'b', displayName: 'Ben' }, ctx).state;
    s = applyCommand(s, { type: 'update_role_selection', userId: 'h', roles: ['Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Basic Good Guy', 'Role Thief', 'Self-Checker'] }, ctx).state;
    s = applyCommand(s, { type: 'start_game', userId: 'h' }, ctx).state;
    const before = deck(s);
    s = adminSetPlayerRole(s, 'a', 'Mutual Knowers');
    s = adminSetPlayerRole(s, 'b', 'Mutual Knowers');
    expect(s.players.filter((p) => p.originalRole === 'Mutual Knowers').map((p) => p.userId).sort()).toEqual(['a', 'b']);
    expect(deck(s)).toEqual(before);
  });

  it('refuses roles that are not in the game, unknown players and other phases with the spec text', () => {
    const s = dealt();
    expect(() => adminSetPlayerRole(s, 'a', 'Tapper')).toThrow('Failed to update player role');
    expect(() => adminSetPlayerRole(s, 'nobody', 'Bad Guy')).toThrow('Failed to update player role');
    expect(() => adminSetPlayerRole(s, 'a', 'Wizard')).toThrow('Failed to update player role');
    expect(() => adminSetPlayerRole({ ...s, phase: 'job_choice' }, 'a', 'Bad Guy')).toThrow('Failed to update player role');
  });
});
