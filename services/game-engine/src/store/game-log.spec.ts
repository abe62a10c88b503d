import { createGame } from '@nightfall/game-rules';
import { applyStep, PresenceError } from './game-log.js';

/** Presence steps (docs/faults.md "Presence after a gateway crash"): a set of gateways per player. */
describe('applyStep: presence', () => {
  const game = createGame({ id: '00000000-0000-4000-8000-000000000001', roomCode: 'ABCDEF', hostId: 'host', hostDisplayName: 'Host', now: 0, customRoles: [] });
  const host = (s: typeof game) => s.players.find((p) => p.userId === 'host')!;

  it('counts gateways, not steps: the same gateway twice is one connection, and its removal ends it', () => {
    let s = applyStep(game, { t: 'presence', userId: 'host', step: 1, gateway: 'g1' }).state;
    s = applyStep(s, { t: 'presence', userId: 'host', step: 1, gateway: 'g1' }).state;
    s = applyStep(s, { t: 'presence', userId: 'host', step: 1, gateway: 'g2' }).state;
    expect(host(s)).toMatchObject({ gateways: ['g1', 'g2'], connections: 2 });
    s = applyStep(s, { t: 'presence', userId: 'host', step: -1, gateway: 'g1' }).state;
    s = applyStep(s, { t: 'presence', userId: 'host', step: -1, gateway: 'g1' }).state;
    expect(host(s)).toMatchObject({ gateways: ['g2'], connections: 1 });
  });

  it('keeps the plain count of an older gateway (no id), never below 0, and refuses a stranger', () => {
    let s = applyStep(game, { t: 'presence', userId: 'host', step: 1 }).state;
    expect(host(s).connections).toBe(1);
    s = applyStep(s, { t: 'presence', userId: 'host', step: -1 }).state;
    s = applyStep(s, { t: 'presence', userId: 'host', step: -1 }).state;
    expect(host(s).connections).toBe(0);
    expect(() => applyStep(game, { t: 'presence', userId: 'nobody', step: 1, gateway: 'g1' })).toThrow(PresenceError);
  });
});
