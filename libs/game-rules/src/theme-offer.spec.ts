/**
 * docs/rules.md "Theme offer": the host's share_theme (spec 000 section 7) is recorded in the state, shown
 * in every player's view, kept as the game's themeId, and ends when the lobby is re-entered.
 */
import { applyCommand, createGame } from './engine.js';
import { CTX, deepFreeze, expectRejected, run } from './testing/fixtures.js';
import type { GameState, SharedTheme } from './types.js';
import { playerView } from './view.js';

const PACK: Omit<SharedTheme, 'hostId'> = {
  storedThemeId: '0f8c2a4e-1111-4222-8333-944445555666',
  sha256: 'ab'.repeat(32),
  themeId: 'corp-lunch',
  name: 'Corporate Lunch',
  description: 'Office intrigue',
  sizeBytes: 1_234_567,
};

function lobby(): GameState {
  let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0 });
  s = run(s, { type: 'join', userId: 'a', displayName: 'Ann' }).state;
  s = run(s, { type: 'join', userId: 'b', displayName: 'Bob' }).state;
  return run(s, { type: 'update_role_selection', userId: 'h', roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Basic Good Guy', 'Self-Checker'] }).state;
}

const dealt = () => applyCommand(lobby(), { type: 'start_game', userId: 'h' }, CTX).state;

describe('docs/rules.md "Theme offer"', () => {
  it('records the host offer at role_deal, sets the game themeId and shows it to every player (input unchanged)', () => {
    const s = deepFreeze(dealt());
    expect(s.phase).toBe('role_deal');
    const next = run(s, { type: 'share_theme', userId: 'h', pack: PACK }).state;
    expect(next.themeId).toBe('corp-lunch');
    expect(s.themeId).toBe('generic');
    for (const viewer of ['h', 'a', 'b']) {
      const v = playerView(next, viewer);
      expect(v.game.themeOffered).toBe(true);
      expect(v.game.sharedTheme).toEqual({ ...PACK, hostId: 'h' });
    }
    expect(playerView(s, 'a').game.sharedTheme).toBeNull();
  });

  it('refuses a non-host, the lobby and a malformed pack, and changes nothing', () => {
    const s = dealt();
    expectRejected(s, (x) => applyCommand(x, { type: 'share_theme', userId: 'a', pack: PACK }, CTX), { code: 'NOT_HOST' });
    expectRejected(lobby(), (x) => applyCommand(x, { type: 'share_theme', userId: 'h', pack: PACK }, CTX), { code: 'WRONG_PHASE' });
    expectRejected(s, (x) => applyCommand(x, { type: 'share_theme', userId: 'h', pack: { ...PACK, sha256: 'xyz' } }, CTX), { code: 'INVALID_THEME' });
    expectRejected(s, (x) => applyCommand(x, { type: 'share_theme', userId: 'h', pack: { ...PACK, themeId: 'generic' } }, CTX), { code: 'INVALID_THEME' });
    expectRejected(s, (x) => applyCommand(x, { type: 'share_theme', userId: 'h', pack: { ...PACK, sizeBytes: 0 } }, CTX), { code: 'INVALID_THEME' });
  });

  it('ends the offer when the lobby is re-entered, keeping the game theme for Save This Theme', () => {
    let s = run(dealt(), { type: 'share_theme', userId: 'h', pack: PACK }).state;
    s = { ...s, phase: 'results' };
    for (const id of ['h', 'a', 'b']) s = run(s, { type: 'play_again', userId: id }).state;
    expect(s.phase).toBe('lobby');
    const v = playerView(s, 'a');
    expect(v.game.themeOffered).toBe(false);
    expect(v.game.sharedTheme?.sha256).toBe(PACK.sha256);
    expect(v.game.themeId).toBe('corp-lunch');
  });
});
