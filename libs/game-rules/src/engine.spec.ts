/**
 * Lobby and phase flow through `applyCommand` (spec 000 sections 4, 5, 9), purity, and a full
 * 27-seat game.
 */
import { ROLES } from './catalogue.js';
import { applyCommand, createGame } from './engine.js';
import { CTX, dealtGame, deepFreeze, defaultAction, passDeadline, player, run } from './testing/fixtures.js';
import type { ActionPayload, CommandContext, GameState, RoleName } from './types.js';
import { playerView } from './view.js';

function lobby(humans = 3): GameState {
  let s = createGame({ id: 'g', roomCode: 'ROOM01', hostId: 'host', hostDisplayName: '  Hostie ', now: 10 });
  for (let i = 1; i < humans; i++) s = run(s, { type: 'join', userId: `u${i}`, displayName: ` User ${i} ` }).state;
  return s;
}

/** Drives a game with only the listed humans acting: readies, a default night action, votes for the next seat. */
function playToResults(s0: GameState, ctx: CommandContext = CTX): GameState {
  let s = s0;
  let now = ctx.now;
  const humans = () => s.players.filter((p) => !p.isBot);
  for (let guard = 0; guard < 50 && s.phase !== 'results'; guard++) {
    now += 1000;
    const c = { now, seed: ctx.seed };
    if (s.phase === 'role_deal' || s.phase === 'role_resolve' || s.phase === 'discussion') {
      for (const h of humans()) if (s.phase !== 'results') s = applyCommand(s, { type: 'ready_next_phase', userId: h.userId }, c).state;
    } else if (s.phase === 'job_choice') {
      for (const h of humans()) {
        const me = s.players.find((p) => p.userId === h.userId);
        if (!me || me.hasSubmitted || s.phase !== 'job_choice') continue;
        // pass / no_action / center 0 / shift left / first valid target (a Role Copier's second action next round)
        s = applyCommand(s, { type: 'submit_action', userId: h.userId, action: defaultAction(s, h.userId) }, c).state;
      }
    } else if (s.phase === 'vote') {
      for (const h of humans()) {
        if (s.phase !== 'vote') break;
        const others = s.players.filter((p) => p.userId !== h.userId);
        s = applyCommand(s, { type: 'submit_vote', userId: h.userId, targetUserId: (others[0] as { userId: string }).userId }, c).state;
      }
      if (s.phase === 'vote') s = passDeadline(s);
    }
  }
  return s;
}

describe('createGame', () => {
  it('creates a lobby with the host at seat 0, default roles and settings', () => {
    const s = createGame({ id: 'g', roomCode: 'R', hostId: 'h', hostDisplayName: ' Host ', now: 5 });
    expect(s.phase).toBe('lobby');
    expect(s.players).toHaveLength(1);
    expect(s.players[0]).toMatchObject({ userId: 'h', displayName: 'Host', seatPosition: 0, isBot: false, joinedAt: 5 });
    expect(s.selectedRoles).toEqual(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy']);
    expect(s.settings).toEqual({ discussionTime: 300, votingTime: 60, discussionStartTime: null, votingStartTime: null, calculatingResults: false });
    expect(s).toMatchObject({ themeId: 'generic', seed: null, rngCounter: 0, round: 1, botCounter: 0, centerCards: [] });
  });
});

describe('lobby', () => {
  it('join seats players in order, trims names and is idempotent', () => {
    const s = lobby(3);
    expect(s.players.map((p) => [p.userId, p.displayName, p.seatPosition])).toEqual([
      ['host', 'Hostie', 0], ['u1', 'User 1', 1], ['u2', 'User 2', 2],
    ]);
    const again = run(s, { type: 'join', userId: 'u1', displayName: 'Other' });
    expect(again.event).toBe('player_joined');
    expect(again.state).toEqual(s);
    const started = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'role_deal' });
    expect(run(started, { type: 'join', userId: 'p2', displayName: 'P2' }).state).toEqual(started);
  });

  it('add_bot adds a named, ready bot and a role under its cap, deterministically from the seed', () => {
    const out = run(lobby(1), { type: 'add_bot', userId: 'host', botUserId: 'b1' }, CTX.now, 'abc');
    const bot = player(out.state, 'b1');
    expect(bot).toMatchObject({ displayName: 'Bot 1', isBot: true, isReady: true, seatPosition: 1 });
    expect(out.state.botCounter).toBe(1);
    expect(out.state.selectedRoles).toHaveLength(5);
    const role = out.state.selectedRoles[4];
    expect(out.notice).toMatchObject({ code: 'bot_added', params: { player: { displayName: 'Bot 1' }, role } });
    expect(run(lobby(1), { type: 'add_bot', userId: 'host', botUserId: 'b1' }, CTX.now, 'abc').state).toEqual(out.state);
    expect(out.event).toBe('game_updated');
  });

  it('26 bots fill every role to its cap; a bot gets Basic Good Guy when every role is at its cap', () => {
    let s = lobby(1);
    for (let i = 0; i < 26; i++) s = run(s, { type: 'add_bot', userId: 'host', botUserId: `b${i}` }, CTX.now, `s${i}`).state;
    // 4 default roles + 26 bot roles = the 30 cards of the 26 selectable roles at their caps.
    expect(s.selectedRoles).toHaveLength(30);
    for (const [role, def] of Object.entries(ROLES)) {
      const count = s.selectedRoles.filter((r) => r === role).length;
      expect(count).toBe(def.implemented ? def.maxCount : 0);
    }
    // Every role at its cap: the next bot adds a Basic Good Guy past its cap.
    let t = lobby(2);
    t = run(t, { type: 'update_role_selection', userId: 'host', roles: s.selectedRoles }).state;
    const out = run(t, { type: 'add_bot', userId: 'host', botUserId: 'extra' });
    expect(out.state.selectedRoles.at(-1)).toBe('Basic Good Guy');
    expect(out.state.selectedRoles.filter((r) => r === 'Basic Good Guy')).toHaveLength(4);
    // The host may still edit a selection that bots pushed past a cap, without adding more.
    const dropOne = out.state.selectedRoles.slice(0, -2).concat(['Basic Good Guy']);
    expect(run(out.state, { type: 'update_role_selection', userId: 'host', roles: dropOne }).state.selectedRoles).toEqual(dropOne);
  });

  it('remove_bot removes the bot, compacts seats and drops the last selected role', () => {
    let s = lobby(2);
    s = run(s, { type: 'add_bot', userId: 'host', botUserId: 'b1' }).state;
    s = run(s, { type: 'add_bot', userId: 'host', botUserId: 'b2' }).state;
    const roles = s.selectedRoles.slice();
    const out = run(s, { type: 'remove_bot', userId: 'host', botUserId: 'b1' });
    expect(out.state.players.map((p) => [p.userId, p.seatPosition])).toEqual([['host', 0], ['u1', 1], ['b2', 2]]);
    expect(out.state.selectedRoles).toEqual(roles.slice(0, -1));
    expect(out.notice).toEqual({ code: 'bot_removed', params: {} });
  });

  it('update_seating reorders seats', () => {
    const out = run(lobby(3), { type: 'update_seating', userId: 'host', newSeatingOrder: ['u2', 'host', 'u1'] });
    expect(out.state.players.map((p) => [p.userId, p.seatPosition])).toEqual([['u2', 0], ['host', 1], ['u1', 2]]);
    expect(out.notice).toMatchObject({ code: 'seating_updated', params: {} });
  });

  it('update_game_settings and update_role_selection change the lobby', () => {
    let s = run(lobby(2), { type: 'update_game_settings', userId: 'host', discussionTime: 120 }).state;
    expect(s.settings.discussionTime).toBe(120);
    s = run(s, { type: 'update_role_selection', userId: 'host', roles: ['Bad Guy', 'Role Swapper', 'Self-Checker', 'Bad Guy', 'Self-Eliminator'] }).state;
    expect(s.selectedRoles).toEqual(['Bad Guy', 'Role Swapper', 'Self-Checker', 'Bad Guy', 'Self-Eliminator']);
  });

  it('ready in the lobby marks a player ready', () => {
    const s = run(lobby(2), { type: 'ready_next_phase', userId: 'u1' }).state;
    expect(player(s, 'u1').isReady).toBe(true);
  });
});

describe('start_game and the phase flow', () => {
  const started = (seed = 'seed-1') => {
    let s = lobby(3);
    s = run(s, { type: 'update_role_selection', userId: 'host', roles: ['Bad Guy', 'Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker'] }).state;
    return run(s, { type: 'start_game', userId: 'host' }, 2000, seed);
  };

  it('deals the selection with the seeded RNG', () => {
    const out = started();
    const s = out.state;
    expect(out.event).toBe('phase_changed');
    expect(s.phase).toBe('role_deal');
    expect(s.seed).toBe('seed-1');
    expect(s.rngCounter).toBeGreaterThan(0);
    expect(s.centerCards).toHaveLength(3);
    expect([...s.players.map((p) => p.currentRole), ...s.centerCards].sort()).toEqual(s.selectedRoles.slice().sort());
    for (const p of s.players) expect(p.originalRole).toBe(p.currentRole);
    expect(started().state).toEqual(s);
    const deals = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => JSON.stringify(started(seed).state.players.map((p) => p.originalRole))));
    expect(deals.size).toBeGreaterThan(1);
  });

  it('readiness moves role_deal -> job_choice; a second ready is a no-op', () => {
    let s = started().state;
    const once = run(s, { type: 'ready_next_phase', userId: 'u1' });
    const twice = run(once.state, { type: 'ready_next_phase', userId: 'u1' });
    expect(twice.state).toEqual(once.state);
    expect(twice.event).toBe('game_updated');
    s = run(once.state, { type: 'ready_next_phase', userId: 'u2' }).state;
    const last = run(s, { type: 'ready_next_phase', userId: 'host' }, 3000);
    expect(last.event).toBe('phase_changed');
    expect(last.state.phase).toBe('job_choice');
    expect(last.state.players.every((p) => !p.isReady)).toBe(true);
    expect(last.state.phaseStartedAt).toBe(3000);
  });

  it('role_resolve -> discussion sets the timer; discussion -> vote by readiness, force or deadline', () => {
    const rr = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'], phase: 'role_resolve' });
    rr.announcements = [{ code: 'revealer_revealed', params: { player: { userId: 'p2', displayName: 'P2' }, team: 'good' } }];
    let s = run(rr, { type: 'ready_next_phase', userId: 'p1' }).state;
    s = run(s, { type: 'ready_next_phase', userId: 'p2' }).state;
    const d = run(s, { type: 'ready_next_phase', userId: 'p3' }, 50_000);
    expect(d.state.phase).toBe('discussion');
    expect(d.state.settings.discussionStartTime).toBe(50_000);
    expect(d.state.deadlineAt).toBe(50_000 + 300_000);
    expect(d.systemMessages).toEqual([
      { messageType: 'system', kind: 'revealer_announcement', announcement: { code: 'revealer_revealed', params: { player: { userId: 'p2', displayName: 'P2' }, team: 'good' } } },
    ]);

    const forced = run(d.state, { type: 'force_discussion_end', userId: 'p2' }, 350_000);
    expect(forced.state.phase).toBe('vote');
    expect(forced.state.settings.votingStartTime).toBe(350_000);
    expect(forced.state.deadlineAt).toBe(350_000 + 60_000);
    expect(run(d.state, { type: 'deadline' }, 350_001).state.phase).toBe('vote');

    let r = d.state;
    for (const id of ['p1', 'p2', 'p3']) r = run(r, { type: 'ready_next_phase', userId: id }, 60_000).state;
    expect(r.phase).toBe('vote');
    expect(r.deadlineAt).toBe(120_000);
  });

  it('play again returns to the lobby when every human wants it', () => {
    let s = lobby(2);
    s = run(s, { type: 'add_bot', userId: 'host', botUserId: 'b1' }).state;
    s = run(s, { type: 'update_game_settings', userId: 'host', discussionTime: 180 }).state;
    s = run(s, { type: 'update_role_selection', userId: 'host', roles: s.selectedRoles.slice(0, 5).concat(['Self-Checker']) }).state;
    s = run(s, { type: 'start_game', userId: 'host' }).state;
    s = playToResults(s);
    expect(s.phase).toBe('results');
    const roles = s.selectedRoles.slice();
    const one = run(s, { type: 'play_again', userId: 'u1' });
    expect(one.state.phase).toBe('results');
    expect(player(one.state, 'u1').wantsPlayAgain).toBe(true);
    const both = run(one.state, { type: 'play_again', userId: 'host' }, 99_000);
    expect(both.event).toBe('phase_changed');
    const l = both.state;
    expect(l.phase).toBe('lobby');
    expect(l.round).toBe(2);
    expect(l.seed).toBeNull();
    expect(l.selectedRoles).toEqual(roles);
    expect(l.settings.discussionTime).toBe(180);
    expect(l.players.map((p) => p.userId)).toEqual(['host', 'u1', 'b1']);
    expect(l).toMatchObject({ centerCards: [], nightLog: [], voteResults: null, deadlineAt: null, rngCounter: 0 });
    for (const p of l.players) {
      expect(p).toMatchObject({ originalRole: null, currentRole: null, hasSubmitted: false, actionData: null, actionResult: null, voteTarget: null, wantsPlayAgain: false });
    }
    // A new round starts again.
    expect(run(l, { type: 'start_game', userId: 'host' }, 100_000, 'round-2').state.phase).toBe('role_deal');
  });
});

describe('purity', () => {
  it('never mutates its input through a whole game', () => {
    let s = lobby(3);
    const step = (cmd: Parameters<typeof applyCommand>[1], now = CTX.now) => {
      const frozen = deepFreeze(s);
      const snapshot = JSON.stringify(frozen);
      const out = applyCommand(frozen, cmd, { now, seed: 'pure' });
      expect(JSON.stringify(frozen)).toBe(snapshot);
      s = out.state;
    };
    step({ type: 'add_bot', userId: 'host', botUserId: 'b1' });
    step({ type: 'update_role_selection', userId: 'host', roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Role Swapper', 'Self-Checker', 'Mutual Knowers'] });
    step({ type: 'start_game', userId: 'host' });
    for (const id of ['host', 'u1', 'u2']) step({ type: 'ready_next_phase', userId: id });
    expect(s.phase).toBe('job_choice');
    for (const id of ['host', 'u1', 'u2']) {
      const p = player(s, id);
      const role = p.originalRole;
      step({ type: 'submit_action', userId: id, action: role && ROLES[role as RoleName].actions.includes('pass') ? { type: 'pass' } : { type: 'no_action' } });
    }
    expect(s.phase).toBe('role_resolve');
  });
});

describe('purity with every night action', () => {
  it('never mutates its input while the night, the vote and the results use every role', () => {
    const roles: RoleName[] = [
      'Role Locker', 'Role Copier', 'Bad Guy Converter', 'Advanced Bad Guy', 'Paranormal Investigator', 'Protector', 'Stalker',
      'Role Looker', 'Single Role Looker', 'Role Revealer', 'Role Thief', 'Role Swapper', 'Village Idiot', 'Random Role Taker',
      'Role Giver', 'Tapper', 'Item Giver', 'Self-Checker', 'Bad Guy',
    ];
    const actions: ActionPayload[][] = [
      [{ type: 'protect_player', targetUserId: 'p19' }],
      [{ type: 'copy_role', targetUserId: 'p11' }, { type: 'rob_player', targetUserId: 'p3' }],
      [{ type: 'convert_player', targetUserId: 'p5' }],
      [{ type: 'view_player', targetUserId: 'p6' }],
      [{ type: 'investigate_players', targetUserIds: ['p6', 'p3'] }],
      [{ type: 'protect_from_death', targetUserId: 'p1' }],
      [{ type: 'target_player', targetUserId: 'p2' }],
      [{ type: 'view_werewolf_pile' }],
      [{ type: 'view_center_card', centerIndex: 1 }],
      [{ type: 'reveal_player', targetUserId: 'p3' }],
      [{ type: 'rob_player', targetUserId: 'p4' }],
      [{ type: 'swap_players', player1UserId: 'p1', player2UserId: 'p2' }],
      [{ type: 'shift_cards', direction: 'right' }],
      [{ type: 'swap_center', centerIndex: 2 }],
      [{ type: 'view_and_swap', centerIndex: 0, targetUserId: 'p15' }],
      [{ type: 'tap_player', targetUserId: 'p17' }],
      [{ type: 'assign_artifact', targetUserId: 'p18' }],
      [{ type: 'no_action' }],
      [{ type: 'no_action' }],
    ];
    let s = dealtGame({ players: roles });
    const step = (cmd: Parameters<typeof applyCommand>[1], now = CTX.now) => {
      const frozen = deepFreeze(s);
      const snapshot = JSON.stringify(frozen);
      const out = applyCommand(frozen, cmd, { now, seed: 'pure' });
      expect(JSON.stringify(frozen)).toBe(snapshot);
      s = out.state;
      return out;
    };
    roles.forEach((_r, i) => {
      for (const action of actions[i] as ActionPayload[]) step({ type: 'submit_action', userId: `p${i + 1}`, action });
    });
    expect(s.phase).toBe('role_resolve');
    expect(s.nightLog).toHaveLength(20);
    let last;
    for (const p of roles.map((_r, i) => `p${i + 1}`)) last = step({ type: 'ready_next_phase', userId: p });
    expect(s.phase).toBe('discussion');
    expect(last?.systemMessages.map((m) => m.kind)).toEqual(['revealer_announcement']);
    for (const p of roles.map((_r, i) => `p${i + 1}`)) step({ type: 'ready_next_phase', userId: p });
    roles.forEach((_r, i) => step({ type: 'submit_vote', userId: `p${i + 1}`, targetUserId: i === 0 ? 'p2' : 'p1' }));
    expect(s.phase).toBe('results');
    const view = playerView(deepFreeze(s), 'p1');
    expect(view.players).toHaveLength(19);
    // p1 (protected) had 18 votes and cannot be eliminated; nobody else has 2.
    expect(s.voteResults?.eliminatedPlayers).toEqual([]);
    const copy = applyCommand(s, { type: 'play_again', userId: 'p1' }, CTX).state;
    copy.players[0]!.actionResult!.lines[0]!.code = 'passed';
    copy.players[0]!.actionResult!.lines.push({ code: 'stalked', params: {} });
    expect(s.players[0]?.actionResult?.lines.map((m) => m.code)).not.toContain('stalked');
    expect(s.players[0]?.actionResult?.lines[0]?.code).not.toBe('passed');
  });
});

describe('a 27-seat game (1 human + 26 bots)', () => {
  it.each(['big-game', 'seed-2', 'seed-3', 'seed-4', 'seed-5', 'seed-6'])('runs to results (seed %s)', (seed) => {
    let s = lobby(1);
    for (let i = 0; i < 26; i++) s = run(s, { type: 'add_bot', userId: 'host', botUserId: `bot-${i}` }, CTX.now, `bs${i}`).state;
    expect(s.players).toHaveLength(27);
    s = run(s, { type: 'start_game', userId: 'host' }, CTX.now, seed).state;
    expect(s.phase).toBe('role_deal');
    s = playToResults(s);
    expect(s.phase).toBe('results');
    // One entry per player, plus the Role Copier's second action when it copied.
    const copies = s.players.filter((p) => p.copyActionData !== null).length;
    expect(s.nightLog).toHaveLength(27 + copies);
    expect(s.voteResults?.playerResults).toHaveLength(27);
    const votes = Object.values(s.voteResults?.voteCount ?? {}).reduce((a, b) => a + b, 0);
    expect(votes).toBeGreaterThanOrEqual(26);
  });
});

describe('a one-player game (spec 000 section 5: at least one player)', () => {
  it('runs to results with only the moves that make sense', () => {
    let s = createGame({ id: 'g', roomCode: 'SOLO', hostId: 'h', hostDisplayName: 'Solo', now: 1 });
    s = run(s, { type: 'start_game', userId: 'h' }, 2, 'solo-seed').state;
    s = run(s, { type: 'ready_next_phase', userId: 'h' }).state;
    expect(s.phase).toBe('job_choice');
    const allowed = playerView(s, 'h').me?.allowedActions ?? [];
    expect(allowed).not.toContain('rob_player');
    expect(allowed).not.toContain('view_player');
    const type = allowed.includes('pass') ? 'pass' : 'no_action';
    s = run(s, { type: 'submit_action', userId: 'h', action: { type } }).state;
    s = run(s, { type: 'ready_next_phase', userId: 'h' }).state;
    s = run(s, { type: 'ready_next_phase', userId: 'h' }).state;
    expect(s.phase).toBe('vote');
    s = passDeadline(s);
    expect(s.phase).toBe('results');
    expect(s.voteResults?.eliminatedPlayers).toEqual([]);
  });
});
