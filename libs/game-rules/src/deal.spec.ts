import { createHash } from 'node:crypto';
import { dealCards, verifyDeal } from './deal.js';
import { applyCommand, createGame } from './engine.js';
import { castVotes, passDeadline, runNight } from './testing/fixtures.js';
import { playerView } from './view.js';
import type { Command, GameState, RoleId } from './types.js';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ROLES: RoleId[] = ['Bad Guy', 'Bad Guy', 'Role Looker', 'Role Thief', 'Role Swapper', 'Basic Good Guy', 'Self-Checker', 'Basic Good Guy'];

/** A 5-player game started with `seed` (its commitment from the context, as game-engine passes it), then played to results. */
function finishedGame(seed: string): { started: GameState; results: GameState } {
  const now = 1_000_000;
  let s = createGame({ id: 'g1', roomCode: 'ABCDEF', hostId: 'p1', hostDisplayName: 'P1', now });
  const apply = (cmd: Command, at = now) => (s = applyCommand(s, cmd, { now: at, seed: 'lobby-seed', seedCommitment: sha256Hex('lobby-seed') }).state);
  for (const id of ['p2', 'p3', 'p4', 'p5']) apply({ type: 'join', userId: id, displayName: id.toUpperCase() });
  apply({ type: 'update_role_selection', userId: 'p1', roles: ROLES });
  s = applyCommand(s, { type: 'start_game', userId: 'p1' }, { now, seed, seedCommitment: sha256Hex(seed) }).state;
  const started = s;
  for (let guard = 0; s.phase !== 'results' && guard < 50; guard++) {
    if (s.phase === 'job_choice') s = runNight(s, {});
    else if (s.phase === 'vote') s = castVotes(s, Object.fromEntries(s.players.map((p) => [p.userId, p.userId === 'p2' ? 'p1' : 'p2'])));
    else if (s.deadlineAt !== null) s = passDeadline(s);
    else for (const p of s.players) if ((s.phase as string) !== 'results' && !p.isReady) apply({ type: 'ready_next_phase', userId: p.userId });
  }
  expect(s.phase).toBe('results');
  return { started, results: s };
}

describe('the verifiable deal (docs/rules.md "Verifiable deal")', () => {
  it('deals exactly as start_game does, and publishes only the commitment before results', () => {
    const { started } = finishedGame('seed-one');
    const dealt = dealCards('seed-one', started.selectedRoles, started.players.map((p) => p.userId));
    expect(started.players.map((p) => p.originalRole)).toEqual(dealt.cards);
    expect(started.centerCards).toEqual(dealt.center);
    expect(started.rngCounter).toBe(dealt.draws);
    const view = playerView(started, 'p3');
    expect(view.game.seedCommitment).toBe(sha256Hex('seed-one'));
    expect(view.game.seed).toBeNull();
    expect(view.game.deal).toBeNull();
    expect(playerView(createGame({ id: 'g2', roomCode: 'ZZZZZZ', hostId: 'h', hostDisplayName: 'H', now: 1 }), 'h').game.seedCommitment).toBeNull();
  });

  it('verifies a finished game from its results view, whatever the night changed', () => {
    const { started, results } = finishedGame('seed-two');
    const view = playerView(results, 'p4');
    expect(view.game.deal).toEqual({ center: started.centerCards, preassigned: [] });
    const out = verifyDeal(view, sha256Hex, playerView(started, 'p4').game.seedCommitment);
    expect(out).toEqual({
      ok: true,
      checks: [
        { check: 'commitment', ok: true },
        { check: 'committed-earlier', ok: true },
        { check: 'seats', ok: true },
        { check: 'center', ok: true },
      ],
      preassigned: [],
    });
  });

  it('fails on a tampered seed, a changed commitment, a swapped dealt card or center', () => {
    const { results } = finishedGame('seed-three');
    const view = playerView(results, 'p1');
    const seed = view.game.seed!;
    expect(verifyDeal({ ...view, game: { ...view.game, seed: seed + '0' } }, sha256Hex).checks.find((c) => c.check === 'commitment')!.ok).toBe(false);
    // a seed that matches a forged commitment still deals other cards
    const forged = 'another-seed';
    const refused = verifyDeal({ ...view, game: { ...view.game, seed: forged, seedCommitment: sha256Hex(forged) } }, sha256Hex, view.game.seedCommitment);
    expect(refused.ok).toBe(false);
    expect(refused.checks.find((c) => c.check === 'committed-earlier')!.ok).toBe(false);
    const players = view.players.map((p) => ({ ...p }));
    const a = players.findIndex((p) => p.originalRole !== players[0]!.originalRole);
    [players[0]!.originalRole, players[a]!.originalRole] = [players[a]!.originalRole, players[0]!.originalRole];
    expect(verifyDeal({ ...view, players }, sha256Hex).checks).toContainEqual({ check: 'seats', ok: false });
    const center = view.game.deal!.center.slice().reverse();
    if (center.join() !== view.game.deal!.center.join()) expect(verifyDeal({ ...view, game: { ...view.game, deal: { ...view.game.deal!, center } } }, sha256Hex).ok).toBe(false);
    expect(verifyDeal(playerView(results, 'p1'), sha256Hex).ok).toBe(true);
  });

  it('is not a results view: nothing to verify', () => {
    const { started } = finishedGame('seed-four');
    expect(verifyDeal(playerView(started, 'p1'), sha256Hex).ok).toBe(false);
  });

  it('keeps pre-assigned seats out of the shuffle and names them', () => {
    const dealt = dealCards('s', ROLES, ['a', 'b', 'c', 'd', 'e'], { c: 'Self-Checker' });
    expect(dealt.cards[2]).toBe('Self-Checker');
    expect([...dealt.cards, ...dealt.center].sort()).toEqual(ROLES.slice().sort());
    expect(() => dealCards('s', ROLES, ['a'], { a: 'Role Revealer' as RoleId })).toThrow(RangeError);
  });
});
