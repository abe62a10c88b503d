/**
 * Test helpers (excluded from the build): games with hand-dealt cards, so scenario tests never depend on
 * the RNG, and small drivers around `applyCommand`.
 */
import { checkCustomRoles } from '../custom-roles.js';
import { applyCommand, createGame } from '../engine.js';
import { allowedActionsFor, validTargetsFor } from '../roles/index.js';
import type { ActionPayload, ActionResult, Command, CommandContext, CommandOutcome, CustomRoleInput, GameState, NightMessage, Phase, PlayerRef, RoleId } from '../types.js';

/** A player of a fixture: its dealt role, optionally a different current card, bot flag. */
export interface FixturePlayer {
  role: RoleId;
  current?: RoleId;
  bot?: boolean;
  name?: string;
  vote?: string | null;
}

/** Fixed context: time 1_000_000 ms, seed 'test-seed'. */
export const CTX: CommandContext = { now: 1_000_000, seed: 'test-seed' };

/** `p1`, `p2`... : the userId of seat `i` (0-based). */
export const pid = (i: number): string => `p${i + 1}`;

/**
 * A game dealt by hand: player i is `p{i+1}` named `P{i+1}` (or `name`), seated at i; p1 is the host.
 * The selection is the players' dealt roles plus the center. Default phase: job_choice (nothing
 * submitted). Bots are ready/submitted only if the caller drives the engine; this builds raw state.
 */
export function dealtGame(opts: {
  players: Array<RoleId | FixturePlayer>;
  center?: RoleId[];
  /** The game's custom roles (docs/rules.md "Custom roles"); their cards are `custom:<id>`. */
  customRoles?: CustomRoleInput[];
  phase?: Phase;
  seed?: string;
  now?: number;
}): GameState {
  const now = opts.now ?? CTX.now;
  const players = opts.players.map((p) => (typeof p === 'string' ? { role: p } : p));
  let state = createGame({ id: 'g1', roomCode: 'ABCDEF', hostId: pid(0), hostDisplayName: players[0]?.name ?? 'P1', now });
  players.slice(1).forEach((p, i) => {
    state = applyCommand(state, { type: 'join', userId: pid(i + 1), displayName: p.name ?? `P${i + 2}` }, CTX).state;
  });
  const center: RoleId[] = opts.center ?? ['Basic Good Guy', 'Basic Good Guy', 'Role Looker'];
  state.customRoles = checkCustomRoles(opts.customRoles ?? []);
  state.selectedRoles = [...players.map((p) => p.role), ...center];
  state.players.forEach((p, i) => {
    const f = players[i] as FixturePlayer;
    p.isBot = f.bot ?? false;
    p.originalRole = f.role;
    p.currentRole = f.current ?? f.role;
    p.isReady = false;
    p.voteTarget = f.vote ?? null;
  });
  state.centerCards = center.slice();
  // docs/rules.md "Setup and deal": a Converter dealt to a player adds the bad-guy pile (center index 3).
  if (state.centerCards.length === 3 && players.some((p) => p.role === 'Bad Guy Converter')) state.centerCards.push('Bad Guy');
  state.seed = opts.seed ?? 'fixture-seed';
  state.rngCounter = 0;
  state.phase = opts.phase ?? 'job_choice';
  if (state.phase === 'vote' || state.phase === 'discussion') {
    state.deadlineAt = now + 60_000;
    for (const p of state.players) p.hasSubmitted = true;
  }
  return state;
}

/** applyCommand with the fixed context (or `now` override). */
export function run(state: GameState, cmd: Command, now = CTX.now, seed = CTX.seed): CommandOutcome {
  return applyCommand(state, cmd, { now, seed });
}

/**
 * A default action for a player who was not given one: no_action, pass, center 0, shift left, or the
 * first valid target (Protector, Stalker, Tapper, Role Copier: roles that cannot pass).
 */
export function defaultAction(state: GameState, userId: string): ActionPayload {
  const p = state.players.find((x) => x.userId === userId);
  if (!p) throw new Error(`no player ${userId}`);
  const allowed = allowedActionsFor(state, p);
  if (allowed.includes('no_action')) return { type: 'no_action' };
  if (allowed.includes('pass')) return { type: 'pass' };
  if (allowed.includes('swap_center')) return { type: 'swap_center', centerIndex: 0 };
  if (allowed.includes('shift_cards')) return { type: 'shift_cards', direction: 'left' };
  const targets = validTargetsFor(state, p);
  for (const type of ['protect_from_death', 'target_player', 'tap_player', 'copy_role'] as const) {
    const first = targets[type]?.[0];
    if (first) return { type, targetUserId: first };
  }
  throw new Error(`no default action for ${p.originalRole}`);
}

/**
 * Submits every player's night action in seat order (the given one, else a default; a list gives a Role
 * Copier's copy and second action) and returns the state after the night (role_resolve).
 */
export function runNight(state: GameState, actions: Record<string, ActionPayload | ActionPayload[]>): GameState {
  let s = state;
  for (const p of state.players) {
    const given = actions[p.userId];
    const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
    // A Role Copier may submit twice (its copy, then the copied role's action).
    for (let i = 0; i < 2; i++) {
      const me = s.players.find((x) => x.userId === p.userId);
      if (!me || me.hasSubmitted || s.phase !== 'job_choice') break;
      s = run(s, { type: 'submit_action', userId: p.userId, action: list[i] ?? defaultAction(s, p.userId) }).state;
    }
  }
  return s;
}

/** Casts the given votes (userId -> target) in order and returns the outcome of the last one. */
export function castVotes(state: GameState, votes: Record<string, string>): GameState {
  let s = state;
  for (const [voter, target] of Object.entries(votes)) {
    s = run(s, { type: 'submit_vote', userId: voter, targetUserId: target }).state;
  }
  return s;
}

/** Closes the current phase by its deadline. */
export function passDeadline(state: GameState): GameState {
  return run(state, { type: 'deadline' }, (state.deadlineAt ?? CTX.now) + 1).state;
}

/** A player as messages name it: `ref('p3')` is P3 (the fixtures' default names), or `ref('p3', 'Ann')`. */
export function ref(userId: string, displayName = userId.toUpperCase()): PlayerRef {
  return { userId, displayName };
}

/** The lines of a night result (docs/rules.md "Message codes"); undefined for no result. */
export function lines(r: ActionResult | null | undefined): NightMessage[] | undefined {
  return r?.lines;
}

/** The codes of a night result's lines, in order. */
export function codes(r: ActionResult | null | undefined): string[] | undefined {
  return r?.lines.map((m) => m.code);
}

/** The player record of `userId` (throws when absent). */
export function player(state: GameState, userId: string) {
  const p = state.players.find((x) => x.userId === userId);
  if (!p) throw new Error(`no player ${userId}`);
  return p;
}

/** Deep-freezes a value (to prove the engine does not mutate its input). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/**
 * Asserts that `fn` throws a RulesError with the given code (and title/message when given) and that
 * `state` is unchanged (compares JSON before/after on a deep-frozen state).
 */
export function expectRejected(
  state: GameState,
  fn: (s: GameState) => unknown,
  expected: { code: string; title?: string; message?: string | RegExp },
): void {
  const before = JSON.stringify(state);
  deepFreeze(state);
  let error: unknown;
  try {
    fn(state);
  } catch (e) {
    error = e;
  }
  expect(error).toBeDefined();
  const err = error as { name?: string; code?: string; title?: string; message?: string };
  expect(err.name).toBe('RulesError');
  expect(err.code).toBe(expected.code);
  if (expected.title !== undefined) expect(err.title).toBe(expected.title);
  if (typeof expected.message === 'string') expect(err.message).toBe(expected.message);
  else if (expected.message) expect(err.message).toMatch(expected.message);
  expect(JSON.stringify(state)).toBe(before);
}
