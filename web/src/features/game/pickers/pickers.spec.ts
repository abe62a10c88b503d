import { pickerKind, pickerTestId, togglePick } from './kinds';
import { adjacentPlayers } from './seats';

const seat = (userId: string, seatPosition: number) => ({ userId, seatPosition });

describe('pickerKind (from me.allowedActions)', () => {
  const cases: Array<[string[], string]> = [
    [['view_player', 'view_center', 'pass'], 'picker-role-looker'],
    [['view_player', 'view_center', 'view_werewolf_pile', 'pass'], 'picker-role-looker'],
    [['view_center_card', 'pass'], 'picker-view_center_card'],
    [['view_center_card', 'view_werewolf_pile', 'pass'], 'picker-view_center_card'],
    [['swap_center'], 'picker-swap_center'],
    [['convert_player', 'pass'], 'picker-convert_player'],
    [['view_player', 'pass'], 'picker-view_player'],
    [['rob_player', 'pass'], 'picker-rob_player'],
    [['target_player'], 'picker-target_player'],
    [['swap_players', 'pass'], 'picker-swap_players'],
    [['shift_cards'], 'picker-shift_cards'],
    [['view_and_swap', 'pass'], 'picker-view_and_swap'],
    [['assign_artifact', 'pass'], 'picker-assign_artifact'],
    [['copy_role'], 'picker-copy_role'],
    [['investigate_players', 'pass'], 'picker-investigate_players'],
    [['reveal_player', 'pass'], 'picker-reveal_player'],
    [['tap_player'], 'picker-tap_player'],
    [['protect_player', 'pass'], 'picker-protect_player'],
    [['protect_from_death'], 'picker-protect_from_death'],
    [['view_werewolf_pile', 'pass'], 'picker-view_werewolf_pile'],
    [['no_action'], 'picker-none'],
    [['pass'], 'picker-none'],
    [[], 'picker-none'],
  ];
  it.each(cases)('%j -> %s', (allowed, id) => {
    expect(pickerTestId(pickerKind(allowed as never))).toBe(id);
  });
});

describe('togglePick', () => {
  it('adds up to the max, drops the oldest on a further pick, removes on a second tap', () => {
    expect(togglePick([], 0, 2)).toEqual([0]);
    expect(togglePick([0, 1], 2, 2)).toEqual([1, 2]);
    expect(togglePick([0, 1], 0, 2)).toEqual([1]);
  });
});

describe('adjacentPlayers (Tapper)', () => {
  const five = [seat('a', 0), seat('b', 1), seat('c', 2), seat('d', 3), seat('e', 4)];
  it('takes the previous and next seat', () => {
    expect(adjacentPlayers(five, 'c').map((n) => [n.player.userId, n.side])).toEqual([['b', 'left'], ['d', 'right']]);
  });
  it('wraps around at both ends', () => {
    expect(adjacentPlayers(five, 'a').map((n) => n.player.userId)).toEqual(['e', 'b']);
    expect(adjacentPlayers(five, 'e').map((n) => n.player.userId)).toEqual(['d', 'a']);
  });
  it('with fewer than 3 players every other player is a target; alone nobody is', () => {
    expect(adjacentPlayers([seat('a', 0), seat('b', 1)], 'a').map((n) => [n.player.userId, n.side])).toEqual([['b', 'both']]);
    expect(adjacentPlayers([seat('a', 0)], 'a')).toEqual([]);
    expect(adjacentPlayers(five, 'zz')).toEqual([]);
  });
  it('follows seat positions, not list order', () => {
    const shuffled = [seat('c', 2), seat('a', 0), seat('b', 1)];
    expect(adjacentPlayers(shuffled, 'a').map((n) => n.player.userId)).toEqual(['c', 'b']);
  });
});
