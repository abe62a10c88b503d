/**
 * docs/rules.md "Admin": the super admin's role change (spec 000 sections 2, 7 and 8): a pre-assignment in
 * the lobby honoured by the deal, a card-conserving swap in role_deal, 'Error' / 'Failed to update player
 * role' otherwise; the admin viewers; what an admin view shows and a player's view never does.
 */
import { adminSetPlayerRole, isAdminViewer } from './admin.js';
import { applyCommand, createGame } from './engine.js';
import { CTX, dealtGame, expectRejected, player, run, runNight } from './testing/fixtures.js';
import type { CustomRoleInput, GameState, RoleId } from './types.js';
import { playerView } from './view.js';

const FAILED = { code: 'ADMIN_ROLE_FAILED', title: 'Error', message: 'Failed to update player role' };
const FARMER: CustomRoleInput = { id: 'farmer', name: 'Farmer', team: 'villager', abilities: '', nightOrder: 0 };
const farmer = 'custom:farmer' as RoleId;

function lobby(selection: RoleId[], humans = 2): GameState {
  let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0, customRoles: [FARMER] });
  for (const [i, id] of ['a', 'b', 'c', 'd'].slice(0, humans - 1).entries()) s = run(s, { type: 'join', userId: id, displayName: `Guest ${i}` }).state;
  return run(s, { type: 'update_role_selection', userId: 'h', roles: selection }).state;
}

function dealt(seed = 'cd'.repeat(16)): GameState {
  const s = lobby(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker']);
  return applyCommand(s, { type: 'start_game', userId: 'h' }, { now: 1, seed }).state;
}

const deck = (s: GameState) => [...s.players.map((p) => p.originalRole), ...s.centerCards].sort();
const dealtTo = (s: GameState, id: string) => player(s, id).originalRole;

describe('docs/rules.md "Admin": the role change in role_deal (a swap)', () => {
  it('swaps the card with its holder so the deck is unchanged (the input is not changed)', () => {
    const s = dealt();
    const before = JSON.stringify(s);
    for (const role of ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker']) {
      const next = adminSetPlayerRole(s, 'a', role);
      expect(player(next, 'a').originalRole).toBe(role);
      expect(player(next, 'a').currentRole).toBe(role);
      expect(deck(next)).toEqual(deck(s));
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it('deals a second copy without taking back the first', () => {
    let s = lobby(['Bad Guy', 'Mutual Knowers', 'Mutual Knowers', 'Basic Good Guy', 'Role Thief', 'Self-Checker'], 3);
    s = applyCommand(s, { type: 'start_game', userId: 'h' }, { now: 1, seed: 'ef'.repeat(16) }).state;
    const before = deck(s);
    s = adminSetPlayerRole(s, 'a', 'Mutual Knowers');
    s = adminSetPlayerRole(s, 'b', 'Mutual Knowers');
    expect(s.players.filter((p) => p.originalRole === 'Mutual Knowers').map((p) => p.userId).sort()).toEqual(['a', 'b']);
    expect(deck(s)).toEqual(before);
  });

  it('keeps the bad-guy pile in step with a dealt Converter and makes everyone ready again', () => {
    let s = lobby(['Bad Guy Converter', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker']);
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Role Looker' }).state;
    s = run(s, { type: 'start_game', userId: 'h' }).state;
    s = run(s, { type: 'ready_next_phase', userId: 'h' }).state;
    const converterInCenter = !s.players.some((p) => p.originalRole === 'Bad Guy Converter');
    expect(s.centerCards).toHaveLength(converterInCenter ? 3 : 4);
    s = adminSetPlayerRole(s, 'h', 'Bad Guy Converter');
    expect(s.centerCards).toHaveLength(4);
    expect(s.centerCards[3]).toBe('Bad Guy');
    expect(s.players.every((p) => !p.isReady)).toBe(true);
    s = adminSetPlayerRole(s, 'h', 'Role Thief');
    expect(s.centerCards).toHaveLength(3);
  });

  it('swaps a custom role card like any other', () => {
    let s = lobby(['Bad Guy', farmer, 'Role Thief', 'Basic Good Guy', 'Self-Checker']);
    s = run(s, { type: 'start_game', userId: 'h' }).state;
    const next = adminSetPlayerRole(s, 'h', farmer);
    expect(dealtTo(next, 'h')).toBe(farmer);
    expect(deck(next)).toEqual(deck(s));
  });

  it("refuses roles that are not in the game, unknown players and other phases with 'Failed to update player role'", () => {
    const s = dealt();
    expectRejected(s, (st) => adminSetPlayerRole(st, 'a', 'Tapper'), FAILED);
    expectRejected(s, (st) => adminSetPlayerRole(st, 'nobody', 'Bad Guy'), FAILED);
    expectRejected(s, (st) => adminSetPlayerRole(st, 'a', 'Wizard'), FAILED);
    expectRejected(s, (st) => adminSetPlayerRole(st, 'a', ''), FAILED);
    expectRejected(s, (st) => applyCommand(st, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Tapper' }, CTX), FAILED);
    const night = run(s, { type: 'ready_next_phase', userId: 'h' }).state;
    const started = run(night, { type: 'ready_next_phase', userId: 'a' }).state;
    expect(started.phase).toBe('job_choice');
    expectRejected(started, (st) => adminSetPlayerRole(st, 'a', 'Bad Guy'), FAILED);
    const resolved = runNight(started, {});
    expectRejected(resolved, (st) => adminSetPlayerRole(st, 'a', 'Bad Guy'), FAILED);
  });

  it("is a command with the 'Role Updated' notice", () => {
    const out = run(dealt(), { type: 'admin_set_player_role', playerId: 'a', newRole: 'Self-Checker' });
    expect(dealtTo(out.state, 'a')).toBe('Self-Checker');
    expect(out.notice).toEqual({ code: 'role_updated', params: {} });
    expect(out.event).toBe('game_updated');
  });
});

describe('docs/rules.md "Admin": pre-assignments in the lobby', () => {
  it('the deal gives a pre-assigned player that card, whatever the seed, and the rest is dealt from the selection', () => {
    const selection: RoleId[] = ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', farmer, 'Self-Checker'];
    let s = lobby(selection, 3);
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: farmer }).state;
    s = run(s, { type: 'admin_set_player_role', playerId: 'b', newRole: 'Bad Guy' }).state;
    expect(s.preassignedRoles).toEqual({ a: farmer, b: 'Bad Guy' });
    const hostCards = new Set<RoleId | null>();
    for (let i = 0; i < 30; i++) {
      const d = applyCommand(s, { type: 'start_game', userId: 'h' }, { now: 1, seed: `seed-${i}` }).state;
      expect(dealtTo(d, 'a')).toBe(farmer);
      expect(dealtTo(d, 'b')).toBe('Bad Guy');
      expect(deck(d)).toEqual(selection.slice().sort());
      expect(d.preassignedRoles).toBeUndefined();
      hostCards.add(dealtTo(d, 'h'));
    }
    expect(hostCards.size).toBeGreaterThan(1);
  });

  it('without pre-assignments the deal is the same shuffle as before', () => {
    const s = lobby(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker']);
    const plain = applyCommand(s, { type: 'start_game', userId: 'h' }, { now: 1, seed: 'same' }).state;
    const cleared = run(run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Bad Guy' }).state, { type: 'admin_set_player_role', playerId: 'a', newRole: '' }).state;
    expect(cleared.preassignedRoles).toBeUndefined();
    const again = applyCommand(cleared, { type: 'start_game', userId: 'h' }, { now: 1, seed: 'same' }).state;
    expect(deck(again)).toEqual(deck(plain));
    expect(again.players.map((p) => p.originalRole)).toEqual(plain.players.map((p) => p.originalRole));
    expect(again.centerCards).toEqual(plain.centerCards);
  });

  it('refuses a card that is not in the selection or already pre-assigned as often as it is selected', () => {
    let s = lobby(['Bad Guy', 'Basic Good Guy', 'Basic Good Guy', 'Role Thief', 'Self-Checker', 'Role Looker'], 3);
    expectRejected(s, (st) => applyCommand(st, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Tapper' }, CTX), FAILED);
    expectRejected(s, (st) => applyCommand(st, { type: 'admin_set_player_role', playerId: 'a', newRole: farmer }, CTX), FAILED);
    expectRejected(s, (st) => applyCommand(st, { type: 'admin_set_player_role', playerId: 'ghost', newRole: 'Bad Guy' }, CTX), FAILED);
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Bad Guy' }).state;
    expectRejected(s, (st) => applyCommand(st, { type: 'admin_set_player_role', playerId: 'b', newRole: 'Bad Guy' }, CTX), FAILED);
    // re-assigning the same player is not over-assigning; two copies may go to two players
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Bad Guy' }).state;
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Basic Good Guy' }).state;
    s = run(s, { type: 'admin_set_player_role', playerId: 'b', newRole: 'Basic Good Guy' }).state;
    expect(s.preassignedRoles).toEqual({ a: 'Basic Good Guy', b: 'Basic Good Guy' });
  });

  it('drops pre-assignments that no longer fit when the selection or the custom roles change', () => {
    let s = lobby(['Bad Guy', 'Basic Good Guy', 'Basic Good Guy', farmer, 'Self-Checker', 'Role Looker'], 3);
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Basic Good Guy' }).state;
    s = run(s, { type: 'admin_set_player_role', playerId: 'b', newRole: 'Basic Good Guy' }).state;
    s = run(s, { type: 'admin_set_player_role', playerId: 'h', newRole: farmer }).state;
    s = run(s, { type: 'update_role_selection', userId: 'h', roles: ['Bad Guy', 'Basic Good Guy', farmer, 'Self-Checker', 'Role Looker', 'Role Thief'] }).state;
    // seat order decides which of the two Basic Good Guy assignments stays
    expect(s.preassignedRoles).toEqual({ a: 'Basic Good Guy', h: farmer });
    s = run(s, { type: 'set_custom_roles', roles: [] }).state;
    expect(s.preassignedRoles).toEqual({ a: 'Basic Good Guy' });
  });

  it('play again clears them with the round', () => {
    let s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Role Looker'], phase: 'vote' });
    s = { ...s, preassignedRoles: { p1: 'Bad Guy' } };
    for (const p of s.players) s = run(s, { type: 'submit_vote', userId: p.userId, targetUserId: p.userId === 'p1' ? 'p2' : 'p1' }).state;
    for (const p of s.players) s = run(s, { type: 'play_again', userId: p.userId }).state;
    expect(s.phase).toBe('lobby');
    expect(s.preassignedRoles).toBeUndefined();
  });
});

describe('docs/rules.md "Admin": admin viewers and admin views', () => {
  it('set_admin_viewer adds and removes a viewer, in any phase, and views never show the list', () => {
    let s = dealt();
    s = run(s, { type: 'set_admin_viewer', userId: 'a', enabled: true }).state;
    s = run(s, { type: 'set_admin_viewer', userId: 'a', enabled: true }).state;
    expect(s.adminViewers).toEqual(['a']);
    expect(isAdminViewer(s, 'a')).toBe(true);
    expect(isAdminViewer(s, 'h')).toBe(false);
    expect(JSON.stringify(playerView(s, 'a', { admin: true }))).not.toContain('adminViewers');
    s = run(s, { type: 'set_admin_viewer', userId: 'a', enabled: false }).state;
    expect(isAdminViewer(s, 'a')).toBe(false);
    expectRejected(s, (st) => applyCommand(st, { type: 'set_admin_viewer', userId: '', enabled: true }, CTX), { code: 'INVALID_COMMAND' });
  });

  it('role_resolve and discussion: the admin view has the center, every card and every action; a player view has none of it', () => {
    let s = dealtGame({ players: ['Role Thief', 'Role Looker', 'Bad Guy', 'Basic Good Guy'], center: ['Self-Checker', 'Role Swapper', 'Mutual Knowers'] });
    s = runNight(s, { p1: { type: 'rob_player', targetUserId: 'p3' }, p2: { type: 'view_player', targetUserId: 'p4' } });
    for (const phase of ['role_resolve', 'discussion'] as const) {
      if (phase === 'discussion') for (const p of s.players) s = run(s, { type: 'ready_next_phase', userId: p.userId }).state;
      expect(s.phase).toBe(phase);
      const admin = playerView(s, 'p4', { admin: true });
      expect(admin.game.centerCards).toEqual(['Self-Checker', 'Role Swapper', 'Mutual Knowers']);
      expect(admin.players.map((p) => [p.originalRole, p.currentRole])).toEqual([
        ['Role Thief', 'Bad Guy'], ['Role Looker', 'Role Looker'], ['Bad Guy', 'Role Thief'], ['Basic Good Guy', 'Basic Good Guy'],
      ]);
      expect(admin.players[0]?.action).toEqual({ type: 'rob_player', targetUserId: 'p3' });
      expect(admin.players[1]?.action).toEqual({ type: 'view_player', targetUserId: 'p4' });
      expect(admin.game.nightLog?.map((e) => e.role)).toEqual(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy']);
      const mine = playerView(s, 'p4');
      expect(mine.game.centerCards).toBeNull();
      expect(mine.game.nightLog).toBeNull();
      for (const p of mine.players) for (const k of ['originalRole', 'currentRole', 'action', 'copyAction', 'finalTeam']) expect(p).not.toHaveProperty(k);
      expect(JSON.stringify({ ...mine, game: { ...mine.game, selectedRoles: [] } })).not.toContain('Role Swapper');
    }
  });

  it('lobby: only an admin view shows the pre-assignments', () => {
    let s = lobby(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker']);
    s = run(s, { type: 'admin_set_player_role', playerId: 'a', newRole: 'Bad Guy' }).state;
    expect(playerView(s, 'h', { admin: true }).game.preassignedRoles).toEqual({ a: 'Bad Guy' });
    expect(playerView(s, 'h').game.preassignedRoles).toBeNull();
    expect(playerView(s, 'a').game.preassignedRoles).toBeNull();
  });
});
