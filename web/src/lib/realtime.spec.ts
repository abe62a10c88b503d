import { CONNECTION_TEXT, RealtimeClient, reconnectDelay, type RealtimeEnv, type SocketLike } from './realtime';

/** A fake socket the test opens and closes by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(code = 1000): void {
    this.serverClose(code);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  receive(msg: object): void {
    this.onmessage?.({ data: JSON.stringify(msg) } as MessageEvent);
  }
}

/** Fake timers: the test decides when a scheduled reconnect fires and sees its delay. */
function fakeEnv() {
  const sockets: FakeSocket[] = [];
  const timeouts: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const intervals: Array<{ fn: () => void; ms: number }> = [];
  const clock = { now: 1_000_000 };
  const env: RealtimeEnv = {
    now: () => clock.now,
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timeouts.push(t);
      return t;
    },
    clearTimeout: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    setInterval: (fn, ms) => {
      const t = { fn, ms };
      intervals.push(t);
      return t;
    },
    clearInterval: () => {},
  };
  const fireNext = () => {
    const t = timeouts.find((x) => !x.cleared);
    if (!t) throw new Error('no timer scheduled');
    t.cleared = true;
    t.fn();
    return t.ms;
  };
  return { env, sockets, timeouts, intervals, fireNext, clock };
}

const gameId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('RealtimeClient (spec 000 section 4)', () => {
  it('waits 2 s doubling to a 30 s cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => reconnectDelay(a))).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('sends join_game on open, pings every 30 s, and shows Connected', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    expect(CONNECTION_TEXT[c.getState().connection]).toBe('Connected');
    expect(JSON.parse(f.sockets[0]!.sent[0]!)).toEqual({ type: 'join_game', gameId, userId: 'u1' });
    expect(f.intervals[0]!.ms).toBe(30_000);
    f.intervals[0]!.fn();
    expect(JSON.parse(f.sockets[0]!.sent[1]!)).toEqual({ type: 'ping' });
  });

  it('reconnects after an unclean close at most 5 times, then shows Connection lost', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    f.sockets[0]!.serverClose(1006);
    expect(CONNECTION_TEXT[c.getState().connection]).toBe('Reconnecting...');
    expect(c.sendAction({ action: 'start_game' })).toBe(false); // nothing is sent while not connected
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      delays.push(f.fireNext());
      f.sockets.at(-1)!.serverClose(1006); // the retry fails too
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, 30000]);
    expect(f.sockets).toHaveLength(6);
    expect(CONNECTION_TEXT[c.getState().connection]).toBe('Connection lost');
    expect(f.timeouts.filter((t) => !t.cleared)).toHaveLength(0);
  });

  it('does not reconnect after a normal close (1000), and resets the attempts after a successful reconnect', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    f.sockets[0]!.serverClose(1006);
    f.fireNext();
    f.sockets[1]!.open();
    expect(c.getState()).toMatchObject({ connection: 'connected', attempt: 0 });
    expect(JSON.parse(f.sockets[1]!.sent[0]!).type).toBe('join_game'); // rejoins on every open
    f.sockets[1]!.serverClose(1000);
    expect(c.getState().connection).toBe('closed');
    expect(f.timeouts.filter((t) => !t.cleared)).toHaveLength(0);
  });

  it('does not reconnect after the server closed for a missing or signed-out session (4401)', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    f.sockets[0]!.serverClose(4401);
    expect(c.getState().connection).toBe('closed');
    expect(f.timeouts.filter((t) => !t.cleared)).toHaveLength(0);
    expect(f.sockets).toHaveLength(1);
  });

  it('stops for good when the server says the player was removed from this game (docs/rules.md "Kick and leave")', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    // another game's message changes nothing
    f.sockets[0]!.receive({ type: 'removed', gameId: 'another', version: 9, reason: 'kicked' });
    expect(c.getState()).toMatchObject({ connection: 'connected' });
    expect(c.getState().removed).toBeUndefined();
    f.sockets[0]!.receive({ type: 'removed', gameId, version: 9, reason: 'kicked' });
    expect(c.getState()).toMatchObject({ connection: 'closed', removed: 'kicked' });
    expect(f.timeouts.filter((t) => !t.cleared)).toHaveLength(0);
    expect(f.sockets).toHaveLength(1);
  });

  it('reconnects at once when the server closes for a restart (1012), without counting an attempt', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    f.sockets[0]!.serverClose(1012);
    expect(f.sockets).toHaveLength(2);
    expect(f.timeouts.filter((t) => !t.cleared)).toHaveLength(0);
    expect(c.getState()).toMatchObject({ connection: 'reconnecting', attempt: 0 });
    f.sockets[1]!.open();
    expect(c.getState().connection).toBe('connected');
  });

  it('sends every action with a command id, and after a reconnect sends again, once, those of the last 10 s no error answered', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    f.sockets[0]!.open();
    expect(c.sendAction({ action: 'ready_next_phase', data: {} })).toBe(true);
    f.clock.now += 8_000;
    c.sendAction({ action: 'send_message', data: { content: 'hello' } });
    c.sendAction({ action: 'submit_vote', data: { targetUserId: 'u2' } });
    const sent = f.sockets[0]!.sent.slice(1).map((m) => JSON.parse(m) as { commandId: string; action: string });
    expect(sent.map((m) => m.action)).toEqual(['ready_next_phase', 'send_message', 'submit_vote']);
    expect(new Set(sent.map((m) => m.commandId)).size).toBe(3);
    for (const m of sent) expect(m.commandId).toMatch(/^[0-9a-f]{32}$/);
    // the vote was refused: not sent again
    f.sockets[0]!.receive({ type: 'error', code: 'WRONG_PHASE', title: 'Error', message: 'Votes can only be submitted during voting', commandId: sent[2]!.commandId });
    f.clock.now += 3_000; // the first action is now 11 s old
    f.sockets[0]!.serverClose(1006);
    f.fireNext();
    f.sockets[1]!.open();
    const again = f.sockets[1]!.sent.map((m) => JSON.parse(m) as { type: string; commandId?: string });
    expect(again.map((m) => m.type)).toEqual(['join_game', 'game_action']);
    expect(again[1]!.commandId).toBe(sent[1]!.commandId);
    // once only: a second reconnect sends nothing again
    f.sockets[1]!.serverClose(1006);
    f.fireNext();
    f.sockets[2]!.open();
    expect(f.sockets[2]!.sent.map((m) => (JSON.parse(m) as { type: string }).type)).toEqual(['join_game']);
  });

  it('keeps the newest snapshot by version and surfaces server errors as toasts', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    const toasts: string[] = [];
    c.onToast((t) => toasts.push(t.kind === 'error' ? `${t.title}: ${t.message}` : `notice ${t.notice.code}`));
    c.connect();
    const s = f.sockets[0]!;
    s.open();
    const view = (phase: string) => ({ game: { phase } });
    s.receive({ type: 'game_updated', gameId, version: 5, view: view('lobby'), messages: [] });
    s.receive({ type: 'game_updated', gameId, version: 4, view: view('stale'), messages: [] });
    expect(c.getState().snapshot?.version).toBe(5);
    s.receive({ type: 'phase_changed', gameId, version: 6, view: view('role_deal'), messages: [] });
    expect((c.getState().snapshot?.view as unknown as { game: { phase: string } }).game.phase).toBe('role_deal');
    s.receive({ type: 'error', code: 'X', title: 'Cannot start game', message: 'Need exactly 8 roles for 5 players' });
    s.receive({ type: 'notice', gameId, notice: { code: 'bot_removed', params: {} } });
    s.receive({ type: 'notice', gameId, title: 'An older server', message: 'English text' });
    expect(toasts).toEqual(['Cannot start game: Need exactly 8 roles for 5 players', 'notice bot_removed']);
  });

  it('appends the lines a view adds (newMessages), keeps the chat on a view without any, and replaces it on messages', () => {
    const f = fakeEnv();
    const c = new RealtimeClient({ url: 'ws://x/ws', gameId, userId: 'u1', env: f.env });
    c.connect();
    const s = f.sockets[0]!;
    s.open();
    const view = { game: { phase: 'discussion' } };
    const line = (id: string) => ({ id, gameId, userId: 'u2', displayName: 'Ann', content: `line ${id}`, messageType: 'chat', timestamp: 1 });
    const chat = () => c.getState().snapshot?.messages.map((m) => m.id);
    s.receive({ type: 'game_updated', gameId, version: 3, view, messages: [line('a')] });
    s.receive({ type: 'game_updated', gameId, version: 4, view, newMessages: [line('b')] });
    expect(chat()).toEqual(['a', 'b']);
    // a line already held is not shown twice; an older view changes nothing
    s.receive({ type: 'game_updated', gameId, version: 5, view, newMessages: [line('b'), line('c')] });
    s.receive({ type: 'game_updated', gameId, version: 2, view, newMessages: [line('old')] });
    expect(chat()).toEqual(['a', 'b', 'c']);
    s.receive({ type: 'phase_changed', gameId, version: 6, view });
    expect(chat()).toEqual(['a', 'b', 'c']);
    // the whole chat (a snapshot, or the views sent again after a NATS reconnect) replaces it
    s.receive({ type: 'game_updated', gameId, version: 7, view, messages: [line('c'), line('d')] });
    expect(chat()).toEqual(['c', 'd']);
  });
});
