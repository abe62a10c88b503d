/**
 * RealtimeHub's view batches (docs/hot-path.md "One view batch per change") against the real nats-server of this
 * machine: the sockets of one game share one subscription, even when they attach at the same moment; each socket gets
 * only its own player's message out of a batch, once; the subscription goes with the game's last socket.
 */
import { randomUUID } from 'node:crypto';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { encodeViewBatch, gameViewsSubject, VIEW_HEADER, type ViewBatchEntry } from '@nightfall/protocol';
import { NatsClient, testNatsUrl } from '@nightfall/server-kit';
import type { GatewayEnv } from '../env.js';
import type { UpstreamService } from '../upstream/upstream.service.js';
import { RealtimeHub, type GameSocket } from './realtime-hub.service.js';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A connected socket that records what it is sent. */
function fakeSocket(userId: string): GameSocket & { sent: string[] } {
  const sent: string[] = [];
  const s = { readyState: 1, bufferedAmount: 0, sent, send: (data: Uint8Array | string) => void sent.push(typeof data === 'string' ? data : Buffer.from(data).toString('utf8')), close: () => undefined };
  const socket = s as unknown as GameSocket & { sent: string[] };
  socket.nf = { connectionId: randomUUID(), addressKey: null, userId, sessionId: randomUUID(), isGuest: true, gameId: null, version: 0 };
  return socket;
}

/** Publishes a batch of `version` with a message for each of `users` (their id in the text) as game-engine does. */
function publish(nc: NatsConnection, gameId: string, version: number, users: string[]): void {
  const entries: ViewBatchEntry[] = users.map((u) => ({ userId: u, kind: 0, part: utf8(`"me":"${u}"}`) }));
  const h = natsHeaders();
  h.set(VIEW_HEADER.version, String(version));
  nc.publish(gameViewsSubject(gameId), encodeViewBatch({ starts: [utf8(`{"version":${version},"view":{`), new Uint8Array(0)], end: utf8('}') }, entries), { headers: h });
}

describe('RealtimeHub view batches', () => {
  let client: NatsClient;
  let hub: RealtimeHub;
  let nc: NatsConnection;

  beforeAll(async () => {
    client = new NatsClient({ servers: testNatsUrl(), name: 'hub-spec' });
    const upstream = { noteOwner: () => undefined } as unknown as UpstreamService;
    hub = new RealtimeHub(client, upstream, { GATEWAY_HEARTBEAT_MS: 5000 } as GatewayEnv);
    nc = await connect({ servers: testNatsUrl() });
  });
  afterAll(async () => {
    await nc.close();
    await client.onApplicationShutdown();
  });

  it('shares one subscription per game and sends each socket only its own player message, once', async () => {
    const gameId = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    // five sockets (a has two) attach at the same moment
    const sockets = [fakeSocket(a), fakeSocket(a), fakeSocket(b), fakeSocket(c), fakeSocket(c)];
    const firsts = await Promise.all(sockets.map((s) => hub.attach(s, gameId, s.nf!.userId)));
    expect(firsts).toEqual([true, false, true, true, false]);
    expect(hub.gameCount).toBe(1);
    for (const s of sockets) hub.deliver(s, 'game_updated', gameId, { version: 1, view: { game: {} } as never, messages: [] });
    for (const s of sockets) s.sent.length = 0;

    // a batch without c's message (c was just removed from the viewers, say): c's sockets get nothing
    publish(nc, gameId, 2, [a, b]);
    await nc.flush();
    await sleep(100);
    expect(sockets.map((s) => s.sent)).toEqual([[`{"version":2,"view":{"me":"${a}"}}`], [`{"version":2,"view":{"me":"${a}"}}`], [`{"version":2,"view":{"me":"${b}"}}`], [], []]);

    // the last socket of the game takes the subscription with it: nothing more is delivered
    for (const s of sockets) hub.detach(s);
    expect(hub.gameCount).toBe(0);
    publish(nc, gameId, 3, [a, b, c]);
    await nc.flush();
    await sleep(100);
    expect(sockets.map((s) => s.sent.length)).toEqual([1, 1, 1, 0, 0]);
  });

  it('subscribes again for a game whose last socket left while its subscription was being made', async () => {
    const gameId = randomUUID();
    const u = randomUUID();
    const early = fakeSocket(u);
    const attaching = hub.attach(early, gameId, u);
    hub.detach(early); // before NATS registered the subscription
    await attaching;
    const late = fakeSocket(u);
    await hub.attach(late, gameId, u);
    hub.deliver(late, 'game_updated', gameId, { version: 1, view: { game: {} } as never, messages: [] });
    late.sent.length = 0;
    const delivered = (await client.connection()).stats().inMsgs;
    publish(nc, gameId, 2, [u]);
    await nc.flush();
    await sleep(100);
    expect(late.sent).toEqual([`{"version":2,"view":{"me":"${u}"}}`]);
    // the first subscription is gone: the batch reached this gateway's connection once, not twice
    expect((await client.connection()).stats().inMsgs - delivered).toBe(1);
    expect(early.sent).toEqual([]);
    hub.detach(late);
    expect(hub.gameCount).toBe(0);
  });

  it('sends a whole snapshot instead of a view that follows a version the socket never got (its chat lines would be missing)', async () => {
    const asked: string[] = [];
    const snapshot = { version: 4, view: { game: {} }, messages: [{ id: 'm1' }, { id: 'm2' }] };
    const upstream = { noteOwner: () => undefined, gameView: async (_gameId: string, userId: string) => (asked.push(userId), snapshot) } as unknown as UpstreamService;
    const gapHub = new RealtimeHub(client, upstream, { GATEWAY_HEARTBEAT_MS: 5000 } as GatewayEnv);
    const gameId = randomUUID();
    const u = randomUUID();
    const s = fakeSocket(u);
    await gapHub.attach(s, gameId, u);
    gapHub.deliver(s, 'game_updated', gameId, { version: 1, view: { game: {} } as never, messages: [] });
    s.sent.length = 0;
    publish(nc, gameId, 2, [u]); // the next version: forwarded as it is
    publish(nc, gameId, 4, [u]); // version 3 was never published (its engine died after the commit, say)
    publish(nc, gameId, 5, [u]); // arrives while the snapshot is on its way: sent after it
    await nc.flush();
    await sleep(150);
    expect(asked).toEqual([u]);
    expect(s.sent[0]).toBe(`{"version":2,"view":{"me":"${u}"}}`);
    expect(JSON.parse(s.sent[1]!)).toEqual({ type: 'game_updated', gameId, ...snapshot });
    expect(s.sent.slice(2)).toEqual([`{"version":5,"view":{"me":"${u}"}}`]);
    gapHub.detach(s);
  });
});
