import { GrpcStatus, metricsRegistry, rpcError } from '@nightfall/server-kit';
import { countCommand, observeDeadlineLag } from './game.metrics.js';

/** The value of one sample of the registry's exposition, or 0 when absent. */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of (await metricsRegistry.metrics()).split('\n')) {
    if (line.startsWith(`${name}{`) && want.every((w) => line.includes(w))) return Number(line.split(' ').pop());
  }
  return 0;
}

describe('game-engine metrics (docs/architecture.md "Metrics and traces")', () => {
  it('counts commands by action and outcome, bounds the action label, and leaves calls for another owner uncounted', async () => {
    const notHere = (err: unknown) => err instanceof Error && err.message === 'elsewhere';
    await expect(countCommand('spec_action', async () => 'done')).resolves.toBe('done');
    const refused = rpcError(GrpcStatus.FAILED_PRECONDITION, { code: 'WRONG_PHASE', title: 'Error', message: 'Not now' });
    await expect(countCommand('spec_action', () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(countCommand('spec_action', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(countCommand('spec_action', () => Promise.reject(new Error('elsewhere')), notHere)).rejects.toThrow('elsewhere');
    await countCommand('Not An Action!', async () => undefined);

    expect(await sample('nightfall_game_commands_total', { action: 'spec_action', outcome: 'ok' })).toBe(1);
    expect(await sample('nightfall_game_commands_total', { action: 'spec_action', outcome: 'rejected' })).toBe(1);
    expect(await sample('nightfall_game_commands_total', { action: 'spec_action', outcome: 'error' })).toBe(1);
    expect(await sample('nightfall_game_commands_total', { action: 'other', outcome: 'ok' })).toBe(1);
    expect((await metricsRegistry.metrics())).not.toContain('Not An Action!');
  });

  it('observes how late deadlines fire, in seconds, never below zero', async () => {
    observeDeadlineLag(1500);
    observeDeadlineLag(-20);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/^nightfall_game_deadline_lag_seconds_count 2$/m);
    expect(text).toMatch(/^nightfall_game_deadline_lag_seconds_sum 1\.5$/m);
    expect(text).toMatch(/^nightfall_game_deadline_lag_seconds_bucket\{le="0\.01"\} 1$/m);
  });
});
