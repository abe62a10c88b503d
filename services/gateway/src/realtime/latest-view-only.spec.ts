/**
 * "Latest view only" on real `ws` sockets over loopback TCP. A slow phone is played by corking the server
 * side's TCP socket: its writes then stay queued in the process (bufferedAmount grows) exactly as when the
 * kernel's buffer towards a dead connection is full; uncorking is the network coming back.
 */
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { LatestViewOnly, type HeldView, type PacingState } from './latest-view-only.js';

describe('LatestViewOnly (docs/faults.md "Slow sockets")', () => {
  let wss: WebSocketServer;
  beforeAll(async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => wss.once('listening', r));
  });
  afterAll(() => new Promise((r) => wss.close(r)));

  /** A connected pair: the server side (to send on) and what the client received. */
  async function pair(): Promise<{ server: WebSocket; tcp: Socket; received: string[]; client: WebSocket; closed: Promise<number> }> {
    const serverSide = new Promise<WebSocket>((r) => wss.once('connection', r));
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    const received: string[] = [];
    client.on('message', (d) => received.push(d.toString()));
    const closed = new Promise<number>((r) => client.once('close', (code) => r(code)));
    await new Promise((r) => client.once('open', r));
    const server = await serverSide;
    return { server, tcp: (server as unknown as { _socket: Socket })._socket, received, client, closed };
  }

  const view = (version: number): HeldView<string> => ({ version, view: `v${version}:` + 'x'.repeat(2000) });
  const until = async (ok: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('holds views while the socket is behind, sends only the newest once it drains, and says older ones were dropped', async () => {
    const pacer = new LatestViewOnly({ holdAboveBytes: 1024, checkMs: 20 });
    const { server, tcp, received, client } = await pair();
    const st: PacingState<string> = {};
    const sent: number[] = [];
    const caughtUp: Array<[number, boolean]> = [];
    const send = (h: HeldView<string>) => {
      sent.push(h.version);
      server.send(h.view);
    };
    const catchUp = (h: HeldView<string>, skipped: boolean) => {
      caughtUp.push([h.version, skipped]);
      send(h);
    };
    tcp.cork();
    expect(pacer.offer(server, st, view(1), send, catchUp)).toBe(true); // queued: 2 kB > 1 kB from now on
    expect(server.bufferedAmount).toBeGreaterThan(1024);
    for (const v of [2, 3, 4, 5]) expect(pacer.offer(server, st, view(v), send, catchUp)).toBe(false);
    expect(st.held?.version).toBe(5);
    await new Promise((r) => setTimeout(r, 100));
    expect(caughtUp).toEqual([]); // still behind: nothing more sent
    tcp.uncork();
    await until(() => received.length === 2);
    expect(sent).toEqual([1, 5]);
    expect(caughtUp).toEqual([[5, true]]); // 2, 3 and 4 never went out: the caller sends a snapshot instead
    expect(received.map((m) => m.split(':')[0])).toEqual(['v1', 'v5']);
    expect(st.held).toBeUndefined();
    // caught up: the next view goes out at once
    expect(pacer.offer(server, st, view(6), send, catchUp)).toBe(true);
    await until(() => received.length === 3);
    client.close();
  });

  it('a single held view is sent as it is (nothing was dropped)', async () => {
    const pacer = new LatestViewOnly({ holdAboveBytes: 1024, checkMs: 20 });
    const { server, tcp, received, client } = await pair();
    const st: PacingState<string> = {};
    const caughtUp: Array<[number, boolean]> = [];
    const send = (h: HeldView<string>) => server.send(h.view);
    tcp.cork();
    pacer.offer(server, st, view(1), send, (h, s) => caughtUp.push([h.version, s]));
    pacer.offer(server, st, view(2), send, (h, s) => caughtUp.push([h.version, s]));
    tcp.uncork();
    await until(() => caughtUp.length === 1);
    expect(caughtUp).toEqual([[2, false]]);
    expect(received.length).toBeLessThanOrEqual(1);
    client.close();
  });

  it('closes a socket that stays behind with 1013, so its client reconnects from a snapshot', async () => {
    const pacer = new LatestViewOnly({ holdAboveBytes: 1024, checkMs: 20, giveUpMs: 200 });
    const { server, tcp, closed } = await pair();
    const st: PacingState<string> = {};
    const send = (h: HeldView<string>) => server.send(h.view);
    tcp.cork();
    pacer.offer(server, st, view(1), send, () => undefined);
    pacer.offer(server, st, view(2), send, () => undefined);
    await until(() => server.readyState !== WebSocket.OPEN, 3000);
    tcp.uncork();
    expect(await closed).toBe(1013);
    expect(st.held).toBeUndefined();
  });
});
