import { pickerKind, pickerTestId, togglePick } from './kinds';
import { seatSide } from './seats';

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

describe('seatSide (labels of the Tapper targets the server lists; players in seat order)', () => {
  const five = ['a', 'b', 'c', 'd', 'e'].map((userId) => ({ userId }));
  it('names the previous seat left and the next one right', () => {
    expect(seatSide(five, 'c', 'b')).toBe('left');
    expect(seatSide(five, 'c', 'd')).toBe('right');
  });
  it('wraps around at both ends', () => {
    expect(seatSide(five, 'a', 'e')).toBe('left');
    expect(seatSide(five, 'e', 'a')).toBe('right');
  });
  it("is 'both' for the only other player of two", () => {
    expect(seatSide([{ userId: 'a' }, { userId: 'b' }], 'a', 'b')).toBe('both');
  });
});
