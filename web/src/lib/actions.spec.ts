import { isActionAllowed } from './actions';

describe('isActionAllowed (Submit Action, from me.allowedActions and me.validTargets)', () => {
  const facts = {
    allowed: ['view_player', 'view_center', 'pass'] as const,
    validTargets: { view_player: ['b', 'c'] },
  };
  it('needs an action the server allows now', () => {
    expect(isActionAllowed(null, { allowed: ['pass'] })).toBe(false);
    expect(isActionAllowed({ type: 'rob_player', targetUserId: 'b' }, { ...facts, allowed: [...facts.allowed] })).toBe(false);
    expect(isActionAllowed({ type: 'view_center', positions: [0, 2] }, { ...facts, allowed: [...facts.allowed] })).toBe(true);
    expect(isActionAllowed({ type: 'pass' }, { ...facts, allowed: [...facts.allowed] })).toBe(true);
  });
  it("takes players only from the server's valid targets for that type (self only where listed)", () => {
    const f = { ...facts, allowed: [...facts.allowed] };
    expect(isActionAllowed({ type: 'view_player', targetUserId: 'b' }, f)).toBe(true);
    expect(isActionAllowed({ type: 'view_player', targetUserId: 'a' }, f)).toBe(false);
    const locker = { allowed: ['protect_player' as const], validTargets: { protect_player: ['a', 'b'] } };
    expect(isActionAllowed({ type: 'protect_player', targetUserId: 'a' }, locker)).toBe(true);
    expect(isActionAllowed({ type: 'protect_player', targetUserId: 'a' }, { allowed: ['protect_player'] })).toBe(false);
  });
  it('checks every named player: both swapped players, every investigated player', () => {
    const swap = { allowed: ['swap_players' as const, 'investigate_players' as const], validTargets: { swap_players: ['b', 'c'], investigate_players: ['b'] } };
    expect(isActionAllowed({ type: 'swap_players', player1UserId: 'b', player2UserId: 'c' }, swap)).toBe(true);
    expect(isActionAllowed({ type: 'swap_players', player1UserId: 'b', player2UserId: 'a' }, swap)).toBe(false);
    expect(isActionAllowed({ type: 'investigate_players', targetUserIds: ['b'] }, swap)).toBe(true);
    expect(isActionAllowed({ type: 'investigate_players', targetUserIds: ['b', 'c'] }, swap)).toBe(false);
  });
});
