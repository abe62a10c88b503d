// Pure-engine microbenchmark of `npm run bench`: times `applyCommand` of the built @nightfall/game-rules
// for a full 27-seat game (1 human + 26 bots) from start_game through night resolution to results, and
// the night resolution of a 27-seat game in which every night action is used (27 humans dealt every
// selectable card but the 3 Basic Good Guys, which are the center; every role with a night action acts,
// the Role Copier twice). No I/O: this is the CPU floor of one game in the game-engine service (which
// adds a transaction, the players projection and one playerView + JSON per human on top of every command).
import { performance } from 'node:perf_hooks';
import { picker } from './load.mjs';
import { summarize, round } from './stats.mjs';

const HOST = 'host-1';

/** Maps a simulated move to a rules Command. */
function toCommand(userId, move) {
  switch (move.action) {
    case 'submit_action':
      return { type: 'submit_action', userId, action: move.data };
    case 'submit_vote':
      return { type: 'submit_vote', userId, targetUserId: move.data.targetUserId };
    default:
      return { type: move.action, userId };
  }
}

/**
 * The simulated human's move, with a player target that its own view says is invalid (the Tapper's
 * non-adjacent seats, the Converter's known wolves) replaced by one of `me.validTargets`.
 */
function repairMove(view, move, pick) {
  if (!move || move.action !== 'submit_action') return move;
  const data = move.data;
  const valid = view.me?.validTargets?.[data.type];
  if (valid && valid.length > 0 && typeof data.targetUserId === 'string' && !valid.includes(data.targetUserId)) {
    return { ...move, data: { ...data, targetUserId: valid[pick(valid.length)] } };
  }
  return move;
}

/** Seat roles of the every-action night (27 players; the center holds the 3 Basic Good Guys). */
const FULL_NIGHT_ROLES = [
  'Role Locker', 'Role Copier', 'Bad Guy', 'Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy', 'Isolated Bad Guy',
  'Bad Guy Helper', 'Paranormal Investigator', 'Protector', 'Stalker', 'Role Looker', 'Single Role Looker', 'Role Revealer',
  'Role Thief', 'Role Swapper', 'Village Idiot', 'Random Role Taker', 'Role Giver', 'Tapper', 'Item Giver', 'Self-Checker',
  'Mutual Knowers', 'Mutual Knowers', 'Seer Knower', 'Revenge Voter', 'Self-Eliminator',
];

/**
 * Every player's action(s) in the every-action night, by seat (u0..u26), varied by `v` so that several
 * different nights are measured. Seat indexes refer to FULL_NIGHT_ROLES.
 */
function fullNightActions(v) {
  const u = (i) => `u${((i % 27) + 27) % 27}`;
  const k = v % 5;
  return {
    u0: [{ type: 'protect_player', targetUserId: u([8, 9, 10, 12, 13][k]) }],
    u1: [{ type: 'copy_role', targetUserId: u([14, 16, 19, 11, 20][k]) }], // then the copied role's action (below)
    u4: [{ type: 'convert_player', targetUserId: u(21 - k) }],
    u5: [{ type: 'view_player', targetUserId: u(10 + k) }],
    u8: [{ type: 'investigate_players', targetUserIds: [u(22 + k), u(2)] }],
    u9: [{ type: 'protect_from_death', targetUserId: u(3 + k) }],
    u10: [{ type: 'target_player', targetUserId: u(12 + k) }],
    u11: [k % 2 ? { type: 'view_werewolf_pile' } : { type: 'view_player', targetUserId: u(15 + k) }],
    u12: [{ type: 'view_center_card', centerIndex: k % 3 }],
    u13: [{ type: 'reveal_player', targetUserId: u(4 + k) }],
    u14: [{ type: 'rob_player', targetUserId: u(6 + k) }],
    u15: [{ type: 'swap_players', player1UserId: u(20 + k), player2UserId: u(1 + k) }],
    u16: [{ type: 'shift_cards', direction: k % 2 ? 'left' : 'right' }],
    u17: [{ type: 'swap_center', centerIndex: (k + 1) % 3 }],
    u18: [{ type: 'view_and_swap', centerIndex: (k + 2) % 3, targetUserId: u(9 + k) }],
    u19: [{ type: 'tap_player', targetUserId: u(k % 2 ? 18 : 20) }],
    u20: [{ type: 'assign_artifact', targetUserId: u(13 + k) }],
  };
}

/** The copied role's action of the Role Copier (seat 1) for the role it copied in variant `v`. */
function copierSecondAction(role, v) {
  switch (role) {
    case 'Role Thief': return { type: 'rob_player', targetUserId: `u${5 + (v % 3)}` };
    case 'Village Idiot': return { type: 'shift_cards', direction: 'left' };
    case 'Tapper': return { type: 'tap_player', targetUserId: 'u2' };
    case 'Role Looker': return { type: 'view_center', positions: [0, 2] };
    case 'Item Giver': return { type: 'assign_artifact', targetUserId: 'u1' };
    default: return null;
  }
}

/**
 * A 27-seat game at job_choice with every submission in but the last one (the Self-Checker's
 * `no_action`, seat 21), dealt by hand (FULL_NIGHT_ROLES; the center: 3 Basic Good Guys + the bad-guy pile).
 */
function fullNightState(createGame, applyCommand, v) {
  const now = 1_700_000_000_000;
  const ctx = { now, seed: `full-night-${v}` };
  let s = createGame({ id: `full-${v}`, roomCode: 'FULL01', hostId: 'u0', hostDisplayName: 'Player 0', now });
  for (let i = 1; i < 27; i++) s = applyCommand(s, { type: 'join', userId: `u${i}`, displayName: `Player ${i}` }, ctx).state;
  s = applyCommand(s, { type: 'update_role_selection', userId: 'u0', roles: [...FULL_NIGHT_ROLES, 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy'] }, ctx).state;
  s = applyCommand(s, { type: 'start_game', userId: 'u0' }, ctx).state;
  // Deal by hand (the state is plain data): seat i gets FULL_NIGHT_ROLES[i], the center the Basic Good Guys.
  s = structuredClone(s);
  s.players.forEach((p, i) => {
    p.originalRole = FULL_NIGHT_ROLES[i];
    p.currentRole = FULL_NIGHT_ROLES[i];
  });
  s.centerCards = ['Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy', 'Bad Guy'];
  for (const p of s.players) s = applyCommand(s, { type: 'ready_next_phase', userId: p.userId }, ctx).state;
  if (s.phase !== 'job_choice') throw new Error(`engine bench: full night in ${s.phase}`);
  const actions = fullNightActions(v);
  for (let i = 0; i < 27; i++) {
    const id = `u${i}`;
    if (id === 'u21') continue; // the Self-Checker submits last: that submission resolves the night
    const list = actions[id] ?? [{ type: 'no_action' }];
    for (const action of list) s = applyCommand(s, { type: 'submit_action', userId: id, action }, ctx).state;
    const me = s.players[i];
    if (!me.hasSubmitted && id === 'u1') s = applyCommand(s, { type: 'submit_action', userId: id, action: copierSecondAction(me.copiedRole, v) }, ctx).state;
    if (!s.players[i].hasSubmitted) throw new Error(`engine bench: ${id} (${FULL_NIGHT_ROLES[i]}) has not submitted`);
  }
  return { state: s, ctx };
}

/**
 * Times the night resolution of the every-action 27-seat night: the last `submit_action` (which copies
 * the state, validates, resolves every step of docs/rules.md "Night resolution" and enters role_resolve), on 5 prepared
 * nights reused round-robin (applyCommand is pure, so the same input can be applied again).
 * @returns {Promise<number[]>} the measured times, milliseconds
 */
async function fullNightBench(createGame, applyCommand, iterations, warmup, until) {
  const nights = [0, 1, 2, 3, 4].map((v) => fullNightState(createGame, applyCommand, v));
  const times = [];
  for (let i = 0; i < warmup + iterations; i++) {
    if (i >= warmup && performance.now() > until) break;
    const { state, ctx } = nights[i % nights.length];
    const t = performance.now();
    const out = applyCommand(state, { type: 'submit_action', userId: 'u21', action: { type: 'no_action' } }, ctx);
    const dt = performance.now() - t;
    if (out.state.phase !== 'role_resolve' || out.state.nightLog.length < 28) throw new Error(`engine bench: the full night did not resolve (${out.state.phase}, ${out.state.nightLog.length} log entries)`);
    if (i >= warmup) times.push(dt);
  }
  return times;
}

/**
 * Runs the microbenchmark.
 * @param {object} o
 * @param {number} [o.iterations] measured games (default 300)
 * @param {number} [o.warmup] unmeasured games first (default 30)
 * @param {number} [o.timeLimitMs] stop measuring after this long (default 20 s)
 * @param {number} [o.seats] players including the human (default 27)
 * @returns {Promise<object>} JSON-ready results
 */
export async function runEngineBench(o = {}) {
  const { createGame, applyCommand, playerView } = await import('@nightfall/game-rules');
  const { nextSimulatedMove } = await import('@nightfall/testing/simulated-player');
  const iterations = o.iterations ?? 300;
  const warmup = o.warmup ?? 30;
  const seats = o.seats ?? 27;
  const until = performance.now() + (o.timeLimitMs ?? 20_000);
  const perGame = [];
  const perNight = [];
  const perVoteClose = [];
  const perCommand = [];
  const perView = [];
  let commands = 0;
  let measured = 0;
  const started = performance.now();

  for (let i = 0; i < warmup + iterations; i++) {
    if (i >= warmup && performance.now() > until) break;
    const now = 1_700_000_000_000 + i * 1000;
    // lobby: 1 human host + (seats-1) bots; each bot adds a role, so the selection is seats + 3 roles
    let s = createGame({ id: `bench-${i}`, roomCode: 'BENCH1', hostId: HOST, hostDisplayName: 'Host', now });
    for (let b = 0; b < seats - 1; b++) {
      s = applyCommand(s, { type: 'add_bot', userId: HOST, botUserId: `bot-${b}` }, { now, seed: `lobby-${i}-${b}` }).state;
    }
    if (s.selectedRoles.length !== seats + 3) throw new Error(`engine bench: ${s.selectedRoles.length} roles for ${seats} seats`);
    const pick = picker(i + 1);
    let gameMs = 0;
    let nightMs = null;
    let t = performance.now();
    let out = applyCommand(s, { type: 'start_game', userId: HOST }, { now, seed: `game-seed-${i}` });
    gameMs += performance.now() - t;
    s = out.state;
    for (let step = 0; s.phase !== 'results'; step++) {
      if (step > 20) throw new Error(`engine bench: game ${i} did not reach results (phase ${s.phase})`);
      const tv = performance.now();
      const view = playerView(s, HOST);
      if (i >= warmup) perView.push(performance.now() - tv);
      const move = repairMove(view, nextSimulatedMove(view, pick), pick);
      if (!move) throw new Error(`engine bench: no move for the human in ${s.phase}`);
      const before = s.phase;
      t = performance.now();
      out = applyCommand(s, toCommand(HOST, move), { now: now + step, seed: `seed-${i}-${step}` });
      const dt = performance.now() - t;
      gameMs += dt;
      commands++;
      if (i >= warmup) perCommand.push(dt);
      s = out.state;
      if (before === 'job_choice' && s.phase !== 'job_choice') nightMs = dt; // the last submission resolves the night
      if (before === 'vote' && s.phase === 'results' && i >= warmup) perVoteClose.push(dt);
    }
    if (!s.voteResults) throw new Error('engine bench: results without vote results');
    if (i >= warmup) {
      measured++;
      perGame.push(gameMs);
      if (nightMs !== null) perNight.push(nightMs);
    }
  }
  const fmt = (x) => (x ? { count: x.count, p50: round(x.p50, 3), p95: round(x.p95, 3), p99: round(x.p99, 3), max: round(x.max, 3), mean: round(x.mean, 3) } : null);
  const fullNight = summarize(await fullNightBench(createGame, applyCommand, iterations, warmup, performance.now() + (o.timeLimitMs ?? 20_000)));
  console.log(
    `[bench] night resolution, 27 seats, every night action used: median ${round(fullNight?.p50, 3)} ms ` +
      `(p95 ${round(fullNight?.p95, 3)} ms, max ${round(fullNight?.max, 3)} ms, n=${fullNight?.count})`,
  );
  return {
    fullNightResolutionMs: fmt(fullNight),
    seats,
    humans: 1,
    bots: seats - 1,
    warmup,
    games: measured,
    commandsPerGame: round(commands / (warmup + measured), 1),
    elapsedMs: round(performance.now() - started, 0),
    wholeGameMs: fmt(summarize(perGame)),
    nightResolutionMs: fmt(summarize(perNight)),
    voteCloseMs: fmt(summarize(perVoteClose)),
    humanCommandMs: fmt(summarize(perCommand)),
    playerViewMs: fmt(summarize(perView)),
  };
}
