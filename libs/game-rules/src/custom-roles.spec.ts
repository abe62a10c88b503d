/**
 * docs/rules.md "Custom roles": the snapshot in the lobby (set_custom_roles, active only, frozen from the
 * deal on), selection (cap 1, players + 3), the deal, the night (no mechanic: `no_action`, the night log),
 * wins per team (`villager` good, `werewolf` bad and a wolf, any other label good), the views and bots.
 */
import { rolesInNightOrder } from './catalogue.js';
import { checkCustomRole, customRoleId, isCustomRoleId, roleInfo } from './custom-roles.js';
import { applyCommand, createGame } from './engine.js';
import { CTX, castVotes, dealtGame, expectRejected, player, run, runNight } from './testing/fixtures.js';
import type { CustomRoleInput, GameState, RoleId } from './types.js';
import { playerView } from './view.js';

const FARMER: CustomRoleInput = {
  id: '7d1f0c8e-1111-4a4a-9b9b-000000000001',
  name: 'Farmer',
  team: 'villager',
  abilities: 'Grows food. No night action.',
  nightOrder: 0,
  isActive: true,
  themeVariants: { generic: { title: 'Farmer', imageUrl: 'https://img.example/farmer.png' }, werewolf: { title: 'Peasant', imageUrl: '' } },
};
const HOWLER: CustomRoleInput = { id: '7d1f0c8e-2222-4a4a-9b9b-000000000002', name: 'Howler', team: 'werewolf', abilities: 'Howls at the moon.', nightOrder: 2 };
const DRIFTER: CustomRoleInput = { id: '7d1f0c8e-3333-4a4a-9b9b-000000000003', name: 'Drifter', team: 'neutral', abilities: 'Goes wherever.', nightOrder: 5 };
const RETIRED: CustomRoleInput = { id: '7d1f0c8e-4444-4a4a-9b9b-000000000004', name: 'Retired', team: 'villager', abilities: '', nightOrder: 0, isActive: false };
const ALL = [FARMER, HOWLER, DRIFTER, RETIRED];

const farmer = `custom:${FARMER.id}` as RoleId;
const howler = `custom:${HOWLER.id}` as RoleId;
const drifter = `custom:${DRIFTER.id}` as RoleId;
const retired = `custom:${RETIRED.id}` as RoleId;

/** A lobby of `n` humans (h0 hosts) with the custom roles set by the service. */
function lobby(n = 3, roles: CustomRoleInput[] = ALL): GameState {
  let s = createGame({ id: 'g', roomCode: 'CUSTOM', hostId: 'h0', hostDisplayName: 'Host', now: 0, customRoles: roles });
  for (let i = 1; i < n; i++) s = run(s, { type: 'join', userId: `h${i}`, displayName: `Human ${i}` }).state;
  return s;
}

/** Everyone ready in role_resolve, then in discussion: the vote opens. */
function toVote(s: GameState): GameState {
  let out = s;
  for (const phase of ['role_resolve', 'discussion'] as const) {
    for (const p of out.players) if (out.phase === phase && !p.isReady) out = run(out, { type: 'ready_next_phase', userId: p.userId }).state;
  }
  expect(out.phase).toBe('vote');
  return out;
}

const winnersOf = (s: GameState) => s.voteResults?.winners.slice().sort();

describe('docs/rules.md "Custom roles": the snapshot and the lobby', () => {
  it('ids are custom:<admin id>, never a catalogue name; roleInfo reads both kinds', () => {
    expect(customRoleId(FARMER.id)).toBe(farmer);
    expect(customRoleId(farmer)).toBe(farmer);
    expect(isCustomRoleId(farmer)).toBe(true);
    expect(isCustomRoleId('Bad Guy')).toBe(false);
    expect(isCustomRoleId('custom:')).toBe(false);
    expect(isCustomRoleId('custom:a b')).toBe(false);
    const s = lobby();
    expect(roleInfo(s, 'Role Looker')).toMatchObject({ name: 'Role Looker', team: 'good', isWolf: false, nightOrder: 4, custom: false });
    expect(roleInfo(s, 'Village Idiot')).toMatchObject({ name: 'Village Idiot', displayName: 'All Role Switcher' });
    expect(roleInfo(s, farmer)).toMatchObject({ id: farmer, name: 'Farmer', team: 'good', isWolf: false, nightOrder: 0, custom: true, teamLabel: 'villager' });
    expect(roleInfo(s, howler)).toMatchObject({ name: 'Howler', team: 'bad', isWolf: true, nightOrder: 2, custom: true });
    expect(roleInfo(s, drifter)).toMatchObject({ name: 'Drifter', team: 'good', isWolf: false, nightOrder: 5, teamLabel: 'neutral' });
    // a view's game works as the source on the client
    expect(roleInfo(playerView(s, 'h1').game, howler).team).toBe('bad');
  });

  it('keeps only active roles, as a checked snapshot', () => {
    const s = lobby();
    expect(s.customRoles?.map((d) => d.id)).toEqual([farmer, howler, drifter]);
    expect(s.customRoles?.[0]).toEqual({
      id: farmer, name: 'Farmer', team: 'villager', abilities: 'Grows food. No night action.', nightOrder: 0,
      themeVariants: { generic: { title: 'Farmer', imageUrl: 'https://img.example/farmer.png' }, werewolf: { title: 'Peasant', imageUrl: '' } },
    });
    expect(checkCustomRole({ id: 'x', name: '  Spaced  ', team: ' werewolf ', nightOrder: 2.5 })).toMatchObject({ id: 'custom:x', name: 'Spaced', team: 'werewolf', nightOrder: 0 });
  });

  it('rejects malformed custom roles and changes nothing', () => {
    const s = lobby();
    for (const roles of [
      [{ ...FARMER, name: '   ' }],
      [{ ...FARMER, id: 'has space' }],
      [{ ...FARMER, name: 'x'.repeat(101) }],
      [{ ...FARMER, team: 'x'.repeat(51) }],
      [FARMER, { ...FARMER, name: 'Again' }],
      'nope' as unknown as CustomRoleInput[],
    ]) {
      expectRejected(s, (st) => applyCommand(st, { type: 'set_custom_roles', roles }, CTX), { code: 'INVALID_CUSTOM_ROLE' });
    }
  });

  it('selects an active custom role at most once, counts it in players + 3, and refuses unknown or inactive ones', () => {
    const s = lobby(2);
    const five: RoleId[] = ['Bad Guy', 'Role Looker', farmer, howler, drifter];
    const ok = run(s, { type: 'update_role_selection', userId: 'h0', roles: five }).state;
    expect(ok.selectedRoles).toEqual(five);
    expectRejected(s, (st) => applyCommand(st, { type: 'update_role_selection', userId: 'h0', roles: [farmer, farmer] }, CTX), {
      code: 'ROLE_CAP_EXCEEDED', message: 'At most 1 Farmer card allowed',
    });
    expectRejected(s, (st) => applyCommand(st, { type: 'update_role_selection', userId: 'h0', roles: [retired] }, CTX), { code: 'ROLE_NOT_AVAILABLE' });
    expectRejected(s, (st) => applyCommand(st, { type: 'update_role_selection', userId: 'h0', roles: ['custom:unknown'] }, CTX), { code: 'ROLE_NOT_AVAILABLE' });
    // players + 3: four roles for two players is one short
    const four = run(s, { type: 'update_role_selection', userId: 'h0', roles: five.slice(0, 4) }).state;
    expectRejected(four, (st) => applyCommand(st, { type: 'start_game', userId: 'h0' }, CTX), {
      code: 'WRONG_ROLE_COUNT', title: 'Cannot start game', message: 'Need exactly 5 roles for 2 players',
    });
    expect(run(ok, { type: 'start_game', userId: 'h0' }).state.phase).toBe('role_deal');
  });

  it('drops selected custom roles the service no longer lists', () => {
    let s = lobby(2);
    s = run(s, { type: 'update_role_selection', userId: 'h0', roles: ['Bad Guy', farmer, howler, 'Role Looker', 'Role Thief'] }).state;
    s = run(s, { type: 'set_custom_roles', roles: [HOWLER, { ...FARMER, isActive: false }] }).state;
    expect(s.customRoles?.map((d) => d.id)).toEqual([howler]);
    expect(s.selectedRoles).toEqual(['Bad Guy', howler, 'Role Looker', 'Role Thief']);
  });

  it('deals custom roles like any card (the deck is the selection)', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      let s = lobby(3);
      const roles: RoleId[] = ['Bad Guy', farmer, howler, drifter, 'Role Thief', 'Basic Good Guy'];
      s = run(s, { type: 'update_role_selection', userId: 'h0', roles }).state;
      s = applyCommand(s, { type: 'start_game', userId: 'h0' }, { now: 1, seed }).state;
      expect([...s.players.map((p) => p.originalRole), ...s.centerCards].sort()).toEqual(roles.slice().sort());
    }
  });
});

describe('docs/rules.md "Custom roles": the night', () => {
  const custom = [FARMER, HOWLER, DRIFTER];

  it('a holder only continues (no_action), learns nothing, and the night log lists it with its order', () => {
    const s = dealtGame({ players: [drifter, 'Role Looker', 'Basic Good Guy'], customRoles: custom });
    const v = playerView(s, 'p1');
    expect(v.me?.originalRole).toBe(drifter);
    expect(v.me?.allowedActions).toEqual(['no_action']);
    expect(v.me?.validTargets).toEqual({});
    expect(v.me?.nightInfo).toBeNull();
    expectRejected(s, (st) => applyCommand(st, { type: 'submit_action', userId: 'p1', action: { type: 'pass' } }, CTX), {
      code: 'INVALID_ACTION', message: 'The Drifter cannot do that tonight',
    });
    const after = runNight(s, { p1: { type: 'no_action' }, p2: { type: 'view_player', targetUserId: 'p1' } });
    expect(after.phase).toBe('role_resolve');
    expect(player(after, 'p1').actionResult).toBeNull();
    expect(player(after, 'p2').actionResult).toEqual({
      lines: [{ code: 'saw_player_card', params: { player: { userId: 'p1', displayName: 'P1' }, role: drifter } }],
      data: { targetName: 'P1', seen: [{ userId: 'p1', displayName: 'P1', role: drifter }] },
    });
    const entry = after.nightLog.find((e) => e.userId === 'p1');
    expect(entry).toEqual({
      order: 5, userId: 'p1', displayName: 'P1', role: drifter, action: { type: 'no_action' }, kind: 'no_action', result: [],
    });
    expect(after.nightLog.at(-1)?.role).toBe('Basic Good Guy');
    expect(after.nightLog.map((e) => e.role)).toEqual(['Role Looker', drifter, 'Basic Good Guy']);
  });

  it('a custom werewolf is a wolf card that does not wake: the wolves and the Helper see it, the lone-wolf peek is gone', () => {
    const s = dealtGame({ players: ['Bad Guy', howler, 'Bad Guy Helper', 'Bad Guy Converter', 'Basic Good Guy'], customRoles: custom });
    expect(playerView(s, 'p1').me?.nightInfo).toEqual({
      badGuys: [{ userId: 'p2', displayName: 'P2', role: howler }, { userId: 'p4', displayName: 'P4', role: 'Bad Guy Converter' }],
      loneWolf: false,
    });
    expect(playerView(s, 'p2').me?.nightInfo).toBeNull();
    expect(playerView(s, 'p2').me?.allowedActions).toEqual(['no_action']);
    expect(playerView(s, 'p3').me?.nightInfo?.badGuys?.map((b) => b.userId)).toEqual(['p1', 'p2', 'p4']);
    // the Converter knows it as a wolf: it cannot convert it
    expect(playerView(s, 'p4').me?.validTargets?.convert_player).toEqual(['p3', 'p5']);
    const lone = dealtGame({ players: ['Bad Guy', howler, 'Basic Good Guy'], customRoles: custom });
    expect(playerView(lone, 'p1').me?.nightInfo?.loneWolf).toBe(false);
  });

  it('the Paranormal Investigator turns on a custom werewolf; the Revealer announces its team', () => {
    const s = runNight(dealtGame({ players: ['Paranormal Investigator', howler, 'Role Revealer', drifter], customRoles: custom }), {
      p1: { type: 'investigate_players', targetUserIds: ['p2'] },
      p3: { type: 'reveal_player', targetUserId: 'p4' },
    });
    expect(player(s, 'p1').transformedTo).toBe('Bad Guy');
    expect(player(s, 'p1').actionResult?.lines).toEqual([
      { code: 'saw_player_card', params: { player: { userId: 'p2', displayName: 'P2' }, role: howler } },
      { code: 'turned_bad', params: { team: 'bad' } },
    ]);
    expect(s.announcements).toEqual([{ code: 'revealer_revealed', params: { player: { userId: 'p4', displayName: 'P4' }, team: 'good' } }]);
  });

  it('a Role Copier copying a custom role takes its team, owes no second action and is told its name', () => {
    let s = dealtGame({ players: ['Role Copier', howler, 'Basic Good Guy'], customRoles: custom });
    s = run(s, { type: 'submit_action', userId: 'p1', action: { type: 'copy_role', targetUserId: 'p2' } }).state;
    const copier = player(s, 'p1');
    expect(copier.hasSubmitted).toBe(true);
    expect(copier.copiedRole).toBe(howler);
    expect(copier.copyActionData).toEqual({ type: 'no_action' });
    expect(copier.immediateResult?.lines).toEqual([{ code: 'copied_role', params: { player: { userId: 'p2', displayName: 'P2' }, role: howler, team: 'bad' } }]);
    s = runNight(s, {});
    s = castVotes(toVote(s), { p1: 'p3', p2: 'p3', p3: 'p1' });
    expect(winnersOf(s)).toEqual(['p1', 'p2']);
  });

  it('bots holding custom roles continue on their own', () => {
    let s = lobby(1);
    for (const b of ['b1', 'b2', 'b3']) s = applyCommand(s, { type: 'add_bot', userId: 'h0', botUserId: b }, { now: 1, seed: b }).state;
    s = run(s, { type: 'update_role_selection', userId: 'h0', roles: [farmer, howler, drifter, 'Basic Good Guy', 'Role Thief', 'Basic Good Guy', 'Bad Guy'] }).state;
    s = applyCommand(s, { type: 'start_game', userId: 'h0' }, { now: 1, seed: 'bots' }).state;
    s = run(s, { type: 'ready_next_phase', userId: 'h0' }).state;
    expect(s.phase).toBe('job_choice');
    for (const bot of s.players.filter((p) => p.isBot)) expect(bot.hasSubmitted).toBe(true);
    for (const bot of s.players.filter((p) => p.isBot && isCustomRoleId(p.originalRole))) expect(bot.actionData).toEqual({ type: 'no_action' });
  });
});

describe('docs/rules.md "Custom roles": wins', () => {
  const custom = [FARMER, HOWLER, DRIFTER];

  it('a custom villager wins with the good team when a bad guy is eliminated', () => {
    const s = castVotes(dealtGame({ players: ['Bad Guy', farmer, 'Basic Good Guy'], customRoles: custom, phase: 'vote' }), { p1: 'p2', p2: 'p1', p3: 'p1' });
    expect(s.voteResults?.eliminatedPlayers).toEqual([{ userId: 'p1', displayName: 'P1', role: 'Bad Guy' }]);
    expect(winnersOf(s)).toEqual(['p2', 'p3']);
    expect(s.voteResults?.playerResults.find((r) => r.userId === 'p2')).toEqual({ userId: 'p2', isWinner: true, reason: { code: 'good_won_wolf_eliminated', params: {} } });
    expect(playerView(s, 'p2').players[1]?.finalTeam).toBe('good');
  });

  it('a custom werewolf counts as a wolf: eliminating it wins for the good team, sparing it wins for the bad team', () => {
    const caught = castVotes(dealtGame({ players: [howler, 'Basic Good Guy', 'Role Looker'], customRoles: custom, phase: 'vote' }), { p1: 'p2', p2: 'p1', p3: 'p1' });
    expect(winnersOf(caught)).toEqual(['p2', 'p3']);
    expect(caught.voteResults?.winConditions).toEqual([{ code: 'good_wins_wolf_eliminated', params: { team: 'good' } }]);
    const spared = castVotes(dealtGame({ players: [howler, 'Basic Good Guy', 'Role Looker'], customRoles: custom, phase: 'vote' }), { p1: 'p2', p2: 'p3', p3: 'p2' });
    expect(winnersOf(spared)).toEqual(['p1']);
    expect(spared.voteResults?.winningTeams).toEqual(['bad']);
    expect(playerView(spared, 'p2').players[0]?.finalTeam).toBe('bad');
  });

  it("a custom role with a 'neutral' team label wins with the good team", () => {
    const s = castVotes(dealtGame({ players: ['Bad Guy', drifter, 'Basic Good Guy'], customRoles: custom, phase: 'vote' }), { p1: 'p3', p2: 'p1', p3: 'p1' });
    expect(winnersOf(s)).toEqual(['p2', 'p3']);
    const lost = castVotes(dealtGame({ players: ['Bad Guy', drifter, 'Basic Good Guy'], customRoles: custom, phase: 'vote' }), { p1: 'p3', p2: 'p3', p3: 'p2' });
    expect(winnersOf(lost)).toEqual(['p1']);
    expect(lost.voteResults?.playerResults.find((r) => r.userId === 'p2')?.isWinner).toBe(false);
  });

  it('a role edited or deleted after the start does not change the game (the snapshot is frozen)', () => {
    let s = lobby(3, [FARMER, HOWLER]);
    s = run(s, { type: 'update_role_selection', userId: 'h0', roles: ['Bad Guy', farmer, 'Basic Good Guy', 'Basic Good Guy', 'Role Thief', 'Role Looker'] }).state;
    // the admin's pre-assignments (docs/rules.md "Admin") make the deal known: h1 the Farmer, h2 the Bad Guy
    s = run(s, { type: 'admin_set_player_role', playerId: 'h1', newRole: farmer }).state;
    s = run(s, { type: 'admin_set_player_role', playerId: 'h2', newRole: 'Bad Guy' }).state;
    s = run(s, { type: 'start_game', userId: 'h0' }).state;
    expect([player(s, 'h1').originalRole, player(s, 'h2').originalRole]).toEqual([farmer, 'Bad Guy']);
    const snapshot = JSON.stringify(s.customRoles);
    // the admin turns the Farmer into a werewolf, then deletes every role: both are refused once dealt
    for (const roles of [[{ ...FARMER, team: 'werewolf', name: 'Evil Farmer' }, HOWLER], []]) {
      expectRejected(s, (st) => applyCommand(st, { type: 'set_custom_roles', roles }, CTX), {
        code: 'GAME_IN_PROGRESS', message: 'Custom roles cannot change once the game has started',
      });
    }
    expect(playerView(s, 'h1').game.customRoles.map((d) => [d.name, d.team, d.gameTeam])).toEqual([['Farmer', 'villager', 'good'], ['Howler', 'werewolf', 'bad']]);
    // play on (nobody touches the Farmer card): the Bad Guy is voted out, the Farmer wins with the good team
    for (const p of s.players) s = run(s, { type: 'ready_next_phase', userId: p.userId }).state;
    s = runNight(s, {});
    s = castVotes(toVote(s), { h0: 'h2', h1: 'h2', h2: 'h1' });
    expect(s.phase).toBe('results');
    expect(JSON.stringify(s.customRoles)).toBe(snapshot);
    expect(player(s, 'h1').currentRole).toBe(farmer);
    expect(s.voteResults?.winners).toContain('h1');
    expect(playerView(s, 'h0').players.find((p) => p.userId === 'h1')?.finalTeam).toBe('good');
    // back in the lobby the service may refresh: the deleted Farmer leaves the selection
    for (const p of s.players) s = run(s, { type: 'play_again', userId: p.userId }).state;
    expect(s.phase).toBe('lobby');
    s = run(s, { type: 'set_custom_roles', roles: [HOWLER] }).state;
    expect(s.selectedRoles).not.toContain(farmer);
    expect(s.customRoles?.map((d) => d.id)).toEqual([howler]);
  });
});

describe('docs/rules.md "Custom roles": views', () => {
  it('every viewer (players and outsiders) gets the definitions with the team they play for', () => {
    const s = lobby(2);
    for (const viewer of ['h0', 'h1', 'stranger']) {
      const custom = playerView(s, viewer).game.customRoles;
      expect(custom.map((d) => [d.id, d.name, d.team, d.gameTeam, d.isWolf, d.nightOrder])).toEqual([
        [farmer, 'Farmer', 'villager', 'good', false, 0],
        [howler, 'Howler', 'werewolf', 'bad', true, 2],
        [drifter, 'Drifter', 'neutral', 'good', false, 5],
      ]);
      expect(custom[0]?.themeVariants.generic).toEqual({ title: 'Farmer', imageUrl: 'https://img.example/farmer.png' });
      expect(custom[0]?.abilities).toBe('Grows food. No night action.');
    }
    expect(playerView(createGame({ id: 'g', roomCode: 'X', hostId: 'h', hostDisplayName: 'H', now: 0 }), 'h').game.customRoles).toEqual([]);
  });

  it('lists custom roles with a night order among the roles in night order', () => {
    const s = lobby();
    expect(rolesInNightOrder(['Role Thief', farmer, howler, 'Role Looker', drifter], s.customRoles)).toEqual([
      { role: howler, order: 2 }, { role: 'Role Looker', order: 4 }, { role: 'Role Thief', order: 5 }, { role: drifter, order: 5 },
    ]);
    expect(rolesInNightOrder(['Role Thief', howler])).toEqual([{ role: 'Role Thief', order: 5 }]);
  });

  it('a player dealt a custom role sees only its own card before the results', () => {
    const s = dealtGame({ players: [farmer, howler, 'Basic Good Guy'], customRoles: [FARMER, HOWLER], phase: 'role_deal' });
    const v = playerView(s, 'p1');
    expect(v.me?.originalRole).toBe(farmer);
    for (const p of v.players) expect(p).not.toHaveProperty('originalRole');
    expect(JSON.stringify({ ...v, game: { ...v.game, customRoles: [], selectedRoles: [] } })).not.toContain(howler);
  });
});
