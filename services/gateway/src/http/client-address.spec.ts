import { loadGatewayEnv } from '../env.js';
import { addressKey, clientAddress, isLoopback } from './client-address.js';

describe('client addresses (docs/architecture.md "Client addresses")', () => {
  it('writes IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(clientAddress({ ip: '::ffff:10.0.0.7' })).toBe('10.0.0.7');
    expect(clientAddress({ ip: '2001:db8::1' })).toBe('2001:db8::1');
    expect(clientAddress({ ip: undefined })).toBe('');
  });

  it('knows loopback: 127.0.0.0/8 and ::1, nothing else', () => {
    for (const a of ['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', clientAddress({ ip: '::ffff:127.0.0.1' })]) expect(`${a}: ${isLoopback(a)}`).toBe(`${a}: true`);
    for (const a of ['10.0.0.1', '192.168.1.20', '0.0.0.0', '::', '::2', 'fe80::1', '2001:db8::1', '', 'localhost']) expect(`${a}: ${isLoopback(a)}`).toBe(`${a}: false`);
  });

  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:1::42')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:0:0:1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads TRUST_PROXY as false, true, a hop count or a list, and refuses anything else', () => {
    const base = { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://x@127.0.0.1/x', SESSION_SECRET: 's'.repeat(32) };
    expect(loadGatewayEnv(base).TRUST_PROXY).toBe(false);
    expect(loadGatewayEnv({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadGatewayEnv({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadGatewayEnv({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32']);
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/8']) expect(() => loadGatewayEnv({ ...base, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('is in development only with NODE_ENV=development set explicitly', () => {
    const base = { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://x@127.0.0.1/x', SESSION_SECRET: 's'.repeat(32) };
    expect(loadGatewayEnv(base).NODE_ENV).toBeUndefined();
    expect(loadGatewayEnv({ ...base, NODE_ENV: 'development' }).NODE_ENV).toBe('development');
  });
});
