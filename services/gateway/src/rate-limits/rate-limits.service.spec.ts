import { loadGatewayEnv } from '../env.js';
import { RateLimitService } from './rate-limits.service.js';

/** A RateLimitService whose PostgreSQL cannot be reached (port 1): it counts with its in-memory insurance. */
function offline(env: Record<string, string>): RateLimitService {
  return new RateLimitService(
    loadGatewayEnv({ NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SESSION_SECRET: 's'.repeat(32), LOG_LEVEL: 'silent', ...env }),
  );
}

/** The HTTP status of one consume: 200 when counted and allowed, else the refusal's. */
async function statusOf(p: Promise<void>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    return (err as { getStatus(): number }).getStatus();
  }
}

describe('RateLimitService without its database (docs/architecture.md "Rate limits")', () => {
  it('still limits (per replica, in memory) and never fails a request while PostgreSQL is unreachable', async () => {
    const limits = offline({ NODE_ENV: 'production', RATE_LIMIT_JOIN_PER_IP: '2' });
    const got: number[] = [];
    for (let i = 0; i < 4; i++) got.push(await statusOf(limits.consume('room_join', { ip: '203.0.113.50' }, {})));
    expect(got).toEqual([200, 200, 429, 429]);
    await limits.onModuleDestroy();
  }, 30_000);

  it('counts an IPv6 client by its /64, and exempts loopback only in development', async () => {
    const prod = offline({ NODE_ENV: 'production', RATE_LIMIT_CREATE_PER_IP: '1' });
    expect(await statusOf(prod.consume('room_create', { ip: '2001:db8:0:7::1' }, {}))).toBe(200);
    expect(await statusOf(prod.consume('room_create', { ip: '2001:db8:0:7:abcd::2' }, {}))).toBe(429);
    expect(await statusOf(prod.consume('room_create', { ip: '2001:db8:0:8::1' }, {}))).toBe(200);
    expect(await statusOf(prod.consume('room_create', { ip: '127.0.0.1' }, {}))).toBe(200);
    expect(await statusOf(prod.consume('room_create', { ip: '::ffff:127.0.0.1' }, {}))).toBe(429);
    await prod.onModuleDestroy();
    const dev = offline({ NODE_ENV: 'development', RATE_LIMIT_CREATE_PER_IP: '1' });
    for (let i = 0; i < 3; i++) expect(await statusOf(dev.consume('room_create', { ip: '127.0.0.1' }, {}))).toBe(200);
    await dev.onModuleDestroy();
  }, 30_000);
});
