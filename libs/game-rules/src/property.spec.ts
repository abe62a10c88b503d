/**
 * Property test: many seeded random games (3-27 seats, random valid selections of the implemented roles,
 * random valid actions for humans, random votes) run to results. Checks: card conservation through the
 * night, no unexpected throw, vote results per RULES.md sections 6-7 (recomputed independently here),
 * and no secret in any pre-results view (structural checks).
 */
import fc from 'fast-check';
import { AVAILABLE_ROLES, ROLES } from './catalogue.js';
import { applyCommand, createGame } from './engine.js';
import { RulesError } from './errors.js';
import { Rng } from './rng.js';
import type { ActionPayload, ActionType, Command, GameState, PlayerState, RoleName } from './types.js';
import { playerView } from './view.js';

const SECRET_PLAYER_KEYS = ['originalRole', 'currentRole', 'voteTarget', 'artifactId', 'stalkerTarget', 'protectedPlayer', 'finalTeam'];
const QUOTED_ROLES = Object.keys(ROLES).map((r) => [r as RoleName, JSON.stringify(r)] as const);

/** Roles a viewer may see as plain values before results: own card, night info, own result data. */
function entitledRoles(p: PlayerState, view: ReturnType<typeof playerView>): Set<RoleName> {
  const out = new Set<RoleName>();
  if (p.originalRole) out.add(p.originalRole);
  for (const b of view.me?.nightInfo?.badGuys ?? []) out.add(b.role);
  const d = p.actionResult?.data;
  for (const s of d?.seen ?? []) out.add(s.role);
  for (const r of [d?.newRole, d?.finalRole, d?.originalRole, ...(d?.badGuyPileCards ?? [])]) if (r) out.add(r);
  return out;
}

/**
 * Structural leak checks of every viewer's view before results. Violations are collected as strings
 * and asserted once (jest's expect is too slow to call thousands of times per game).
 */
function checkViews(s: GameState): void {
  if (s.phase === 'results') return;
  const bad: string[] = [];
  const fail = (viewer: string, what: string) => bad.push(`${s.phase} ${viewer}: ${what}`);
  for (const p of s.players) {
    const v = playerView(s, p.userId);
    if (v.game.centerCards !== null) fail(p.userId, 'centerCards');
    if (v.game.seed !== null) fail(p.userId, 'seed');
    if (v.game.nightLog !== null) fail(p.userId, 'nightLog');
    if (v.game.voteResults !== null) fail(p.userId, 'voteResults');
    for (const other of v.players) {
      for (const k of SECRET_PLAYER_KEYS) if (k in other) fail(p.userId, `${other.userId}.${k}`);
    }
    if (v.me?.userId !== p.userId) fail(p.userId, 'me.userId');
    if (v.me?.originalRole !== p.originalRole) fail(p.userId, 'me.originalRole');
    const expectedResult = s.phase === 'job_choice' || s.phase === 'role_deal' ? null : p.actionResult;
    if (JSON.stringify(v.me?.actionResult ?? null) !== JSON.stringify(expectedResult)) fail(p.userId, 'me.actionResult');
    const known = v.me?.knownCurrentRole ?? null;
    if (known !== null && known !== p.actionResult?.data?.newRole && known !== p.actionResult?.data?.finalRole) {
      fail(p.userId, 'knownCurrentRole not learned');
    }
    const json = JSON.stringify({ ...v, game: { ...v.game, selectedRoles: [] } });
    if (s.seed && json.includes(s.seed)) fail(p.userId, 'seed string');
    const entitled = entitledRoles(p, v);
    for (const [role, quoted] of QUOTED_ROLES) if (json.includes(quoted) && !entitled.has(role)) fail(p.userId, `role ${role}`);
  }
  expect(bad).toEqual([]);
}

/** A random valid payload for one of the allowed types. */
function randomAction(s: GameState, me: PlayerState, allowed: ActionType[], rng: Rng): ActionPayload {
  const others = s.players.filter((p) => p.userId !== me.userId);
  const type = rng.pick(allowed);
  switch (type) {
    case 'view_player':
    case 'rob_player':
      return { type, targetUserId: rng.pick(others).userId };
    case 'view_center': {
      const [a, b] = rng.sample([0, 1, 2], 2) as [number, number];
      return { type, positions: [a, b] };
    }
    case 'view_center_card':
      return { type, centerIndex: rng.int(3) };
    case 'swap_center':
      return rng.chance(0.2) ? { type } : { type, centerIndex: rng.int(3) };
    case 'swap_players': {
      const [a, b] = rng.sample(others, 2) as [PlayerState, PlayerState];
      return { type, player1UserId: a.userId, player2UserId: b.userId };
    }
    default:
      return { type };
  }
}

/** Independent recomputation of RULES.md sections 6-7 (no Protector/Stalker/artifacts in scope). */
function checkVoteResults(s: GameState): void {
  const r = s.voteResults;
  expect(r).not.toBeNull();
  if (!r) return;
  const counts = new Map(s.players.map((p) => [p.userId, 0]));
  for (const p of s.players) if (p.voteTarget) counts.set(p.voteTarget, (counts.get(p.voteTarget) ?? 0) + 1);
  expect(r.voteCount).toEqual(Object.fromEntries(counts));
  const max = Math.max(...counts.values());
  const elim = new Set(max >= 2 ? [...counts].filter(([, c]) => c === max).map(([id]) => id) : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of s.players) {
      if (elim.has(p.userId) && p.currentRole === 'Revenge Voter' && p.voteTarget && !elim.has(p.voteTarget)) {
        elim.add(p.voteTarget);
        grew = true;
      }
    }
  }
  expect(new Set(r.eliminatedPlayers.map((e) => e.userId))).toEqual(elim);
  for (const e of r.eliminatedPlayers) expect(e.role).toBe(s.players.find((p) => p.userId === e.userId)?.currentRole);
  if (max < 2) expect(r.eliminatedPlayers).toEqual([]);

  const role = (p: PlayerState) => p.currentRole as RoleName;
  const wolves = s.players.filter((p) => ROLES[role(p)].isWolf);
  const wolfOut = wolves.some((p) => elim.has(p.userId));
  const tannerOut = s.players.some((p) => role(p) === 'Self-Eliminator' && elim.has(p.userId));
  const goodWins = wolfOut || (wolves.length === 0 && elim.size === 0);
  const winners = new Set(r.winners);
  for (const p of s.players) {
    const team = ROLES[role(p)].team;
    let expected: boolean;
    if (role(p) === 'Self-Eliminator') expected = elim.has(p.userId);
    else if (team === 'good') expected = goodWins;
    else if (wolves.length > 0) expected = !wolfOut && !tannerOut;
    else expected = !tannerOut && [...elim].some((id) => id !== p.userId);
    expect({ id: p.userId, win: winners.has(p.userId) }).toEqual({ id: p.userId, win: expected });
    expect(r.playerResults.find((x) => x.userId === p.userId)?.isWinner).toBe(expected);
  }
  expect(r.winningTeams.includes('good')).toBe(goodWins);
}

/** The phase, read without TypeScript's narrowing (the state changes inside `apply`). */
const phaseOf = (s: GameState): string => s.phase;

const multiset = (cards: Array<RoleName | null>) => cards.map(String).sort().join('|');

function playGame(seats: number, humansWanted: number, gameSeed: string, driverSeed: number): void {
  const rng = new Rng(`driver-${driverSeed}`);
  let now = 1_000;
  const humans = Math.max(1, Math.min(seats, humansWanted, 12));
  let s = createGame({ id: 'g', roomCode: 'PROP01', hostId: 'h0', hostDisplayName: 'Human 0', now });
  const apply = (cmd: Command, seed = gameSeed) => {
    const out = applyCommand(s, cmd, { now, seed });
    s = out.state;
    return out;
  };
  for (let i = 1; i < humans; i++) apply({ type: 'join', userId: `h${i}`, displayName: `Human ${i}` });
  const pool = AVAILABLE_ROLES.flatMap((r) => Array<RoleName>(ROLES[r].maxCount).fill(r));
  apply({ type: 'update_role_selection', userId: 'h0', roles: rng.sample(pool, humans + 3) });
  for (let b = 0; b < seats - humans; b++) apply({ type: 'add_bot', userId: 'h0', botUserId: `b${b}` }, `${gameSeed}-bot${b}`);
  if (rng.chance(0.3)) apply({ type: 'update_seating', userId: 'h0', newSeatingOrder: rng.shuffle(s.players.map((p) => p.userId)) });
  expect(s.players).toHaveLength(seats);
  expect(s.selectedRoles).toHaveLength(seats + 3);
  apply({ type: 'start_game', userId: 'h0' });
  const humanIds = s.players.filter((p) => !p.isBot).map((p) => p.userId);

  let nightCards = '';
  for (let guard = 0; guard < 40 && s.phase !== 'results'; guard++) {
    checkViews(s);
    now += 1_000 + rng.int(5_000);
    switch (s.phase) {
      case 'role_deal':
      case 'role_resolve':
        for (const id of rng.shuffle(humanIds)) if (s.phase === 'role_deal' || s.phase === 'role_resolve') apply({ type: 'ready_next_phase', userId: id });
        break;
      case 'job_choice': {
        nightCards = multiset([...s.players.map((p) => p.currentRole), ...s.centerCards]);
        expect(nightCards).toBe(multiset(s.selectedRoles));
        for (const id of rng.shuffle(humanIds)) {
          const me = s.players.find((p) => p.userId === id) as PlayerState;
          const allowed = playerView(s, id).me?.allowedActions ?? [];
          expect(allowed.length).toBeGreaterThan(0);
          if (rng.chance(0.1)) {
            const before = JSON.stringify(s);
            expect(() => applyCommand(s, { type: 'submit_action', userId: id, action: { type: 'rob_player', targetUserId: id } }, { now, seed: gameSeed })).toThrow(RulesError);
            expect(JSON.stringify(s)).toBe(before);
          }
          const wasLast = s.players.filter((p) => !p.hasSubmitted).length === 1;
          const out = apply({ type: 'submit_action', userId: id, action: randomAction(s, me, allowed, rng) });
          expect(out.event).toBe(wasLast ? 'phase_changed' : 'game_updated');
          if (!wasLast && rng.chance(0.3)) checkViews(s);
        }
        expect(s.phase).toBe('role_resolve');
        expect(multiset([...s.players.map((p) => p.currentRole), ...s.centerCards])).toBe(nightCards);
        expect(s.nightLog).toHaveLength(seats);
        for (const p of s.players) expect(p.originalRole).not.toBeNull();
        break;
      }
      case 'discussion': {
        const mode = rng.int(3);
        if (mode === 0) for (const id of humanIds) apply({ type: 'ready_next_phase', userId: id });
        else {
          now = s.deadlineAt as number;
          apply(mode === 1 ? { type: 'force_discussion_end', userId: rng.pick(humanIds) } : { type: 'deadline' });
        }
        expect(['vote', 'results']).toContain(phaseOf(s));
        break;
      }
      case 'vote': {
        for (const id of rng.shuffle(humanIds)) {
          if (s.phase !== 'vote' || rng.chance(0.15)) continue;
          const others = s.players.filter((p) => p.userId !== id);
          apply({ type: 'submit_vote', userId: id, targetUserId: rng.pick(others).userId });
          if (rng.chance(0.3)) checkViews(s);
        }
        if (s.phase === 'vote') {
          now = s.deadlineAt as number;
          apply({ type: 'deadline' });
        }
        break;
      }
      default:
        throw new Error(`unexpected phase ${s.phase}`);
    }
  }
  expect(s.phase).toBe('results');
  expect(s.deadlineAt).toBeNull();
  expect(s.settings.calculatingResults).toBe(false);
  checkVoteResults(s);
  // Bad-team bots never vote for a wolf they were shown at night.
  for (const bot of s.players.filter((p) => p.isBot && p.originalRole && ROLES[p.originalRole].team === 'bad')) {
    const known = s.players.filter((p) => p.userId !== bot.userId && p.originalRole && ROLES[p.originalRole].isWolf).map((p) => p.userId);
    if (bot.voteTarget) expect(known).not.toContain(bot.voteTarget);
  }
  const view = playerView(s, humanIds[0] as string);
  expect(view.game.seed).toBe(gameSeed);
  expect(view.game.centerCards).toEqual(s.centerCards);
}

describe('whole random games (property)', () => {
  it('conserve cards, resolve votes per the rules and never leak secrets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 27 }),
        fc.integer({ min: 1, max: 12 }),
        // Seeds are hex strings like the CSPRNG seeds of production (a short seed could occur in any JSON).
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((b) => b.toString(16).padStart(16, '0')),
        fc.integer(),
        (seats, humans, seed, driver) => playGame(seats, humans, seed, driver),
      ),
      { numRuns: 600 },
    );
  });
});
