/**
 * NatsClient (docs/architecture.md "Plumbing"): it keeps trying to connect from the first attempt on, and
 * stops trying once the application shuts down, so that a stopped service exits even when NATS never
 * answered. The real nats-server of this machine (NATS_URL) is used for the connected case.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { connect } from '@nats-io/transport-node';
import { NatsClient, natsServers } from './nats.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP server that accepts and at once closes every connection, counting the attempts. */
async function refusingServer(): Promise<{ server: Server; port: number; attempts: () => number }> {
  let n = 0;
  const server = createServer((s: Socket) => {
    n++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { server, port, attempts: () => n };
}

describe('NatsClient', () => {
  it('retries while NATS does not answer and stops retrying at shutdown', async () => {
    const { server, port, attempts } = await refusingServer();
    const client = new NatsClient({ servers: `nats://127.0.0.1:${port}`, name: 'spec' });
    const first = client.connection();
    first.catch(() => undefined);
    await sleep(2500);
    expect(attempts()).toBeGreaterThanOrEqual(2);
    expect(client.connected).toBe(false);
    expect(await client.ready(50)).toBe(false);
    await client.onApplicationShutdown();
    const after = attempts();
    await sleep(3500);
    expect(attempts()).toBeLessThanOrEqual(after + 1);
    await new Promise((r) => server.close(r));
  }, 15_000);

  it('connects to the real server, publishes, and drains at shutdown', async () => {
    const client = new NatsClient({ servers: NATS_URL, name: 'spec' });
    const nc = await client.connection();
    expect(client.connected).toBe(true);
    const sub = nc.subscribe('spec.nats-client');
    client.publish('spec.nats-client', 'hello');
    for await (const m of sub) {
      expect(m.string()).toBe('hello');
      break;
    }
    await client.onApplicationShutdown();
    expect(client.connected).toBe(false);
    expect(nc.isClosed()).toBe(true);
  });
});

describe('natsServers: credentials in NATS_URL (docs/faults.md "Inside the cluster")', () => {
  it('moves user and password out of the URLs', () => {
    expect(natsServers('nats://gateway:p%40ss%2Fw0rd@nats-0:4222, nats://nats-1:4222')).toEqual({ servers: ['nats://nats-0:4222', 'nats://nats-1:4222'], user: 'gateway', pass: 'p@ss/w0rd' });
    expect(natsServers('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });

  it('signs in to a nats-server that requires a password, and is refused with a wrong one', async () => {
    const server = await refusingServer(); // only to get a free port
    const port = server.port;
    await new Promise((r) => server.server.close(r));
    const nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '--user', 'gateway', '--pass', 'p@ss/w0rd'], { stdio: 'ignore' });
    try {
      let nc = null;
      for (let i = 0; i < 50 && !nc; i++) {
        nc = await connect({ ...natsServers(`nats://gateway:p%40ss%2Fw0rd@127.0.0.1:${port}`), reconnect: false }).catch(() => null);
        if (!nc) await sleep(100);
      }
      expect(nc).not.toBeNull();
      await nc!.close();
      await expect(connect({ ...natsServers(`nats://gateway:wrong@127.0.0.1:${port}`), reconnect: false })).rejects.toThrow();
    } finally {
      nats.kill('SIGKILL');
    }
  });
});
