import { EventEmitter } from 'node:events';
import { isObservable, of, type Observable } from 'rxjs';
import { GameSocketAdapter } from './game-socket.adapter.js';

/** A socket as the adapter sees it: events, a ready state and send. */
function fakeClient(): EventEmitter & { readyState: number; sent: string[]; send(s: string): void } {
  return Object.assign(new EventEmitter(), { readyState: 1, sent: [] as string[], send(this: { sent: string[] }, s: string) { this.sent.push(s); } });
}

describe('GameSocketAdapter (docs/hot-path.md "Frames without Nest\'s pipeline")', () => {
  it('binds no per-frame listener to a client whose gateway has no message handler', () => {
    const adapter = new GameSocketAdapter();
    const client = fakeClient();
    adapter.bindMessageHandlers(client, [], (d) => of(d));
    expect(client.listenerCount('message')).toBe(0);
  });

  it("keeps Nest's pipeline for a gateway with message handlers", async () => {
    const adapter = new GameSocketAdapter();
    const client = fakeClient();
    const seen: unknown[] = [];
    // as Nest's transform: a handler's observable as it is, anything else as an observable of it
    const transform = (d: unknown): Observable<unknown> => (isObservable(d) ? d : of(d));
    adapter.bindMessageHandlers(client, [{ message: 'echo', callback: (data: unknown) => (seen.push(data), of({ event: 'echoed', data })), methodName: 'echo', isAckHandledManually: false }], transform);
    expect(client.listenerCount('message')).toBe(1);
    client.emit('message', { data: JSON.stringify({ event: 'echo', data: 'hi' }) });
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['hi']);
    expect(client.sent).toEqual([JSON.stringify({ event: 'echoed', data: 'hi' })]);
  });
});
