import { checkCanStart, requiredRoleCount, type RoleId } from '@nightfall/game-rules';
import { followSuggestion, sameRoles, suggestionFor } from './quickSetup';

describe('quick setup (docs/architecture.md "Table experience")', () => {
  it("uses the engine's suggestion, which the start check accepts", () => {
    for (let players = 1; players <= 27; players++) {
      const roles = suggestionFor(players);
      expect(roles).not.toBeNull();
      expect(roles).toHaveLength(requiredRoleCount(players));
      expect(() => checkCanStart(players, roles!)).not.toThrow();
    }
    expect(suggestionFor(0)).toBeNull();
    expect(suggestionFor(28)).toBeNull();
  });

  it('compares selections as multisets', () => {
    expect(sameRoles(['Bad Guy', 'Role Thief'], ['Role Thief', 'Bad Guy'])).toBe(true);
    expect(sameRoles(['Bad Guy', 'Bad Guy'], ['Bad Guy', 'Role Thief'])).toBe(false);
    expect(sameRoles(['Bad Guy'], ['Bad Guy', 'Bad Guy'])).toBe(false);
  });

  it('follows the player count: a join, a bot with its random role, a leave', () => {
    const four = suggestionFor(4)!;
    // Nothing to send while the selection is the suggestion for the table.
    expect(followSuggestion(four, 4)).toBeNull();
    expect(followSuggestion([...four].reverse(), 4)).toBeNull();
    // A human joined: one card short.
    expect(followSuggestion(four, 5)).toEqual(suggestionFor(5));
    // A bot joined and added a random role: the count is right but the cards are not the suggestion.
    const withBot: RoleId[] = [...four, 'Tapper'];
    expect(followSuggestion(withBot, 5)).toEqual(suggestionFor(5));
    // Somebody left.
    expect(followSuggestion(four, 3)).toEqual(suggestionFor(3));
  });
});
