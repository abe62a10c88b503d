import { serviceConfig } from './grpc.js';

type Config = { loadBalancingConfig: unknown[]; methodConfig: Array<{ name: Array<{ service: string; method: string }>; waitForReady: boolean; retryPolicy: { retryableStatusCodes: string[] } }> };

describe('serviceConfig (docs/faults.md "Retries")', () => {
  it('retries and waits for ready on the read-only RPCs of the .proto only', () => {
    const game = serviceConfig('game') as Config;
    expect(game.loadBalancingConfig).toEqual([{ round_robin: {} }]);
    const methods = game.methodConfig[0]!.name.map((n) => n.method).sort();
    expect(methods).toEqual(['FindGame', 'GetGameReplay', 'GetGameView', 'ListGameHistory']);
    expect(game.methodConfig[0]!.name[0]!.service).toBe('nightfall.game.v1.GameService');
    expect(game.methodConfig[0]).toMatchObject({ waitForReady: true, retryPolicy: { retryableStatusCodes: ['UNAVAILABLE'] } });
    const identity = (serviceConfig('identity') as Config).methodConfig[0]!.name.map((n) => n.method);
    expect(identity).toEqual(expect.arrayContaining(['ValidateSession', 'GetUser', 'SearchUsers']));
    expect(identity).not.toEqual(expect.arrayContaining(['SignInWithPassword']));
    expect(identity).not.toContain('CreateGuestSession');
  });
});
