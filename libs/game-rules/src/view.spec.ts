/**
 * playerView secret stripping (docs/rules.md "Player view"; docs/rules.md "Setup and deal" for the seed).
 */
import { castVotes, dealtGame, player, run, runNight } from './testing/fixtures.js';
import type { ActionResult, GameState, Spectator } from './types.js';
import { playerView, sharedView, viewerView } from './view.js';

const SECRET_PLAYER_KEYS = [
  'originalRole', 'currentRole', 'voteTarget', 'artifactId', 'stalkerTarget', 'protectedPlayer', 'finalTeam', 'actionData', 'actionResult',
  'convertedBy', 'copiedRole', 'transformedTo', 'shieldedPlayer', 'stalkerMarked', 'isTappedByThing', 'action', 'copyAction',
];

function expectNoSecrets(s: GameState, viewer: string): void {
  const v = playerView(s, viewer);
  for (const p of v.players) for (const k of SECRET_PLAYER_KEYS) expect(p).not.toHaveProperty(k);
  expect(v.game.centerCards).toBeNull();
  expect(v.game.seed).toBeNull();
  expect(v.game.nightLog).toBeNull();
  expect(v.game.voteResults).toBeNull();
  expect(v.game.preassignedRoles).toBeNull();
  if (s.seed) expect(JSON.stringify(v)).not.toContain(s.seed);
}

describe('playerView', () => {
  const game = () => dealtGame({ players: ['Role Thief', 'Role Looker', 'Bad Guy', 'Basic Good Guy'], center: ['Self-Checker', 'Role Swapper', 'Mutual Knowers'], seed: 'secret-seed-123' });

  it('job_choice: own role, night info and allowed actions; nothing about others', () => {
    const s = game();
    for (const id of ['p1', 'p2', 'p3', 'p4']) expectNoSecrets(s, id);
    const v = playerView(s, 'p1');
    expect(v.me).toMatchObject({ userId: 'p1', isHost: true, originalRole: 'Role Thief', nightInfo: null, actionResult: null, knownCurrentRole: null });
    expect(v.me?.allowedActions).toEqual(['rob_player', 'pass']);
    expect(v.me?.validTargets).toEqual({ rob_player: ['p2', 'p3', 'p4'] });
    expect(playerView(s, 'p3').me?.nightInfo).toEqual({ badGuys: [], loneWolf: true });
    expect(v.game.centerCount).toBe(3);
    expect(v.game.requiredRoleCount).toBe(7);
    expect(v.me?.voteTargets).toEqual([]);
    expect(v.players.map((p) => p.isHost)).toEqual([true, false, false, false]);
    const after = run(s, { type: 'submit_action', userId: 'p1', action: { type: 'rob_player', targetUserId: 'p3' } }).state;
    const v2 = playerView(after, 'p1');
    expect(v2.me?.allowedActions).toEqual([]);
    expect(v2.me).not.toHaveProperty('validTargets');
    expect(v2.me?.action).toEqual({ type: 'rob_player', targetUserId: 'p3' });
    expect(playerView(after, 'p2').players[0]?.hasSubmitted).toBe(true);
    expect(JSON.stringify(playerView(after, 'p2'))).not.toContain('rob_player');
  });

  it('role_resolve: only the viewer\'s own result and learned role', () => {
    const s = runNight(game(), {
      p1: { type: 'rob_player', targetUserId: 'p3' },
      p2: { type: 'view_player', targetUserId: 'p4' },
      p3: { type: 'view_center_card', centerIndex: 0 },
    });
    for (const id of ['p1', 'p2', 'p3', 'p4']) expectNoSecrets(s, id);
    const thief = playerView(s, 'p1');
    expect(thief.me?.actionResult?.lines).toEqual([{ code: 'robbed_player', params: { player: { userId: 'p3', displayName: 'P3' }, role: 'Bad Guy' } }]);
    expect(thief.me?.knownCurrentRole).toBe('Bad Guy');
    const robbed = playerView(s, 'p3');
    expect(robbed.me?.knownCurrentRole).toBeNull();
    expect(JSON.stringify(robbed)).not.toContain('robbed');
    expect(JSON.stringify(playerView(s, 'p4'))).not.toContain('saw_');
  });

  it('vote: hasVoted is public, the target is not', () => {
    const s = castVotes(dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'], phase: 'vote' }), { p1: 'p2' });
    const v = playerView(s, 'p3');
    expect(v.players.map((p) => p.hasVoted)).toEqual([true, false, false]);
    expectNoSecrets(s, 'p3');
    expect(playerView(s, 'p1').me?.voteTarget).toBe('p2');
  });

  it('results reveal everything', () => {
    const s = castVotes(runNight(game(), { p1: { type: 'rob_player', targetUserId: 'p3' } }), {});
    s.phase = 'vote';
    const r = castVotes(s, { p1: 'p2', p2: 'p1', p3: 'p1', p4: 'p1' });
    expect(r.phase).toBe('results');
    const v = playerView(r, 'p4');
    expect(v.game.seed).toBe('secret-seed-123');
    expect(v.game.centerCards).toEqual(r.centerCards);
    expect(v.game.nightLog).toHaveLength(4);
    expect(v.game.voteResults?.eliminatedPlayers.map((e) => e.userId)).toEqual(['p1']);
    expect(v.players[0]).toMatchObject({ originalRole: 'Role Thief', currentRole: 'Bad Guy', voteTarget: 'p2', finalTeam: 'bad' });
    expect(v.me?.knownCurrentRole).toBe('Basic Good Guy');
  });

  it('strips a transformation (and the sentence) that an older engine version wrote into a stored result, until the results (docs/rules.md "Transformation secrecy")', () => {
    const s = runNight(game(), { p1: { type: 'rob_player', targetUserId: 'p3' } });
    // Stored by an engine version before the message codes: an English sentence, no lines.
    const legacy = {
      message: 'You robbed P3. You are now the Role Copier (turned into a Bad Guy).',
      data: { targetName: 'P3', newRole: 'Role Copier' as const, newRoleTransformedTo: 'Bad Guy' as const, seen: [{ userId: 'p3', role: 'Role Copier' as const, transformedTo: 'Bad Guy' as const }] },
    };
    player(s, 'p1').actionResult = legacy as unknown as ActionResult;
    player(s, 'p1').immediateResult = legacy as unknown as ActionResult;
    for (const phase of ['role_resolve', 'discussion', 'vote'] as const) {
      const v = playerView({ ...s, phase }, 'p1');
      expect(v.me?.actionResult).toEqual({ lines: [], data: { targetName: 'P3', newRole: 'Role Copier', seen: [{ userId: 'p3', role: 'Role Copier' }] } });
      expect(v.me?.immediateResult).toEqual(v.me?.actionResult);
      expect(JSON.stringify(v)).not.toMatch(/ransformedTo|turned into/);
    }
    // The stored state is not modified, and the results (or an admin) see its data as stored; no view carries the sentence.
    expect(player(s, 'p1').actionResult).toBe(legacy);
    expect(legacy.data.newRoleTransformedTo).toBe('Bad Guy');
    expect(playerView({ ...s, phase: 'results' }, 'p1').me?.actionResult).toEqual({ lines: [], data: legacy.data });
    expect(JSON.stringify(playerView({ ...s, phase: 'results' }, 'p1', { admin: true }))).not.toContain('You robbed');
  });

  it('admins see everything; a non-player sees only public data', () => {
    const s = game();
    const admin = playerView(s, 'admin-user', { admin: true });
    expect(admin.me).toBeNull();
    expect(admin.game.centerCards).toEqual(['Self-Checker', 'Role Swapper', 'Mutual Knowers']);
    expect(admin.game.seed).toBe('secret-seed-123');
    expect(admin.players[2]?.currentRole).toBe('Bad Guy');
    const stranger = playerView(s, 'stranger');
    expect(stranger.me).toBeNull();
    expectNoSecrets(s, 'stranger');
  });

  it('lobby: no role information at all', () => {
    const s = dealtGame({ players: ['Bad Guy', 'Role Thief', 'Basic Good Guy'] });
    s.phase = 'lobby';
    for (const p of s.players) {
      p.originalRole = null;
      p.currentRole = null;
    }
    s.seed = null;
    s.centerCards = [];
    const v = playerView(s, 'p2');
    expect(v.me).toMatchObject({ originalRole: null, nightInfo: null, allowedActions: [] });
    expect(v.game.centerCards).toBeNull();
    expect(player(s, 'p2').isReady).toBe(false);
  });

  it('vote: every other player is a vote target, the viewer never; nobody outside the vote phase', () => {
    const s = dealtGame({ players: ['Bad Guy', 'Basic Good Guy', 'Basic Good Guy'], phase: 'vote' });
    expect(playerView(s, 'p2').me?.voteTargets).toEqual(['p1', 'p3']);
    expect(playerView(s, 'p1').me?.voteTargets).toEqual(['p2', 'p3']);
    expect(playerView({ ...s, phase: 'discussion' }, 'p1').me?.voteTargets).toEqual([]);
    expect(playerView(s, 'outsider').me).toBeNull();
  });
});

describe('sharedView and viewerView (a change\'s views built from one shared part: docs/hot-path.md)', () => {
  const game = () => dealtGame({ players: ['Role Thief', 'Role Looker', 'Bad Guy', 'Basic Good Guy'], center: ['Self-Checker', 'Role Swapper', 'Mutual Knowers'], seed: 'secret-seed-123' });
  const night = () => runNight(game(), { p1: { type: 'rob_player', targetUserId: 'p3' }, p2: { type: 'view_player', targetUserId: 'p4' }, p3: { type: 'view_center_card', centerIndex: 0 } });
  const states: Array<[string, () => GameState]> = [
    ['job_choice', game],
    ['role_resolve', night],
    ['results', () => castVotes({ ...night(), phase: 'vote' }, { p1: 'p3', p2: 'p3', p3: 'p1', p4: 'p3' })],
  ];
  it.each(states)('%s: together they serialise to exactly playerView, for players, a spectator, a stranger and the admin view', (_, make) => {
    const s = make();
    expect(s.phase).toBe(_);
    s.spectators = [{ userId: 'w1', displayName: 'W1' } as Spectator];
    for (const admin of [false, true]) {
      for (const id of ['p1', 'p2', 'p3', 'p4', 'w1', 'stranger']) {
        expect(JSON.stringify({ ...sharedView(s, { admin }), ...viewerView(s, id, { admin }) })).toBe(JSON.stringify(playerView(s, id, { admin })));
      }
    }
    // the shared part is the same for every viewer of a kind: nothing in it names the viewer
    expect(JSON.stringify(sharedView(s))).not.toContain('"me"');
    expect(viewerView(s, 'w1')).toEqual({ spectating: true, me: null });
  });
});
