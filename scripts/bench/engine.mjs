// Pure-engine microbenchmark of `npm run bench`: times `applyCommand` of the built @nightfall/game-rules
// for a full 27-seat game (1 human + 26 bots) from start_game through night resolution to results.
// No I/O: this is the CPU floor of one game in the game-engine service (which adds a transaction,
// the players projection and one playerView + JSON per human on top of every command).
import { performance } from 'node:perf_hooks';
import { summarize, round } from './stats.mjs';

const HOST = 'host-1';

/** Deterministic pick(n) for the simulated human (LCG). */
function picker(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

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
  const { nextSimulatedMove } = await import('@nightfall/protocol');
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
      const move = nextSimulatedMove(view, pick);
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
  return {
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
