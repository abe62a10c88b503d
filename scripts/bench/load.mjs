// Load driver of `npm run bench`: N concurrent games, each played by simulated human clients over the
// gateway's public REST API and WebSocket /ws (127.0.0.1 only). Every game_action a client sends is
// timed until that client receives the first view whose version is greater than the version it held
// when it sent (action -> view update latency).
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** Role selections tried first (players + 3 cards); more cards come from the catalogue's caps. */
const PREFERRED_ROLES = [
  'Bad Guy', 'Bad Guy', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Basic Good Guy',
  'Basic Good Guy', 'Mutual Knowers', 'Mutual Knowers', 'Bad Guy Helper', 'Basic Good Guy', 'Revenge Voter', 'Self-Eliminator',
];

/**
 * The role selection the host sets for `players` seats (players + 3 cards), or null when the lobby's
 * own selection already fits (1 human: the 4 default roles + 1 role per bot).
 * @throws Error when no valid selection exists (the catalogue caps allow at most 15 cards)
 */
export function roleSelection(players, humans, ROLES, AVAILABLE_ROLES) {
  const want = players + 3;
  if (humans === 1) return null; // default 4 roles + one per bot = players + 3
  const out = [];
  const count = (r) => out.filter((x) => x === r).length;
  for (const r of [...PREFERRED_ROLES, ...AVAILABLE_ROLES]) {
    if (out.length === want) break;
    if (AVAILABLE_ROLES.includes(r) && count(r) < ROLES[r].maxCount) out.push(r);
  }
  if (out.length !== want) {
    throw new Error(`no valid role selection for ${players} players (the role caps allow ${out.length} cards; use --humans 1 for bigger tables)`);
  }
  return out;
}

/** Deterministic pick(n) (LCG), one per client so runs are reproducible. */
function picker(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

const isView = (m) => m && typeof m === 'object' && 'view' in m && typeof m.version === 'number';

/** Shared metrics of one run. */
export class Metrics {
  constructor() {
    /** action name -> latencies (ms) */
    this.latency = new Map();
    /** error code -> count */
    this.errors = new Map();
    /** first few error samples, for the report */
    this.errorSamples = [];
    this.notices = 0;
    /** view messages received and their total size (bytes of the JSON frame) */
    this.views = 0;
    this.viewBytes = 0;
    this.sent = 0;
    this.unanswered = 0;
  }
  record(action, ms) {
    let a = this.latency.get(action);
    if (!a) this.latency.set(action, (a = []));
    a.push(ms);
  }
  error(code, detail) {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
    if (this.errorSamples.length < 20) this.errorSamples.push({ code, ...detail });
  }
}

/** A REST call to the gateway; returns status, JSON body and the nf_session cookie (if set). */
export async function api(base, path, body, cookie) {
  const r = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const set = (r.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('nf_session='));
  return { status: r.status, body: await r.json().catch(() => null), cookie: set ? set.split(';')[0] : cookie };
}

/**
 * One simulated human: a socket, its latest view, at most one action in flight (a real UI waits for
 * the update), each move sent once per round+phase (as the UI disables the button).
 */
class HumanClient {
  constructor(game, { name, userId, cookie, isHost, seed }) {
    Object.assign(this, { game, name, userId, cookie, isHost });
    this.pick = picker(seed);
    this.view = null;
    this.version = 0;
    this.pending = null;
    this.sent = new Set();
    this.done = false;
    this.ws = null;
  }

  /** Opens /ws with the session cookie and joins the game; resolves on the first view. */
  open() {
    const { base, gameId } = this.game;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
      this.ws = ws;
      let opened = false;
      const timer = setTimeout(() => reject(new Error(`${this.name}: no view 30 s after connecting`)), 30_000);
      this.onFirstView = () => {
        clearTimeout(timer);
        resolve();
      };
      ws.on('open', () => {
        opened = true;
        this.track('join_game');
        ws.send(JSON.stringify({ type: 'join_game', gameId, userId: this.userId }));
      });
      ws.on('message', (data) => this.onMessage(data));
      ws.on('error', (err) => {
        if (!opened) {
          clearTimeout(timer);
          reject(err);
        }
      });
      ws.on('close', (code) => {
        clearTimeout(timer);
        reject(new Error(`${this.name}: socket closed (${code}) before the first view`)); // no-op once resolved
        if (!this.done && !this.game.finished) this.game.fail('SOCKET_CLOSED', `${this.name} socket closed (${code})`);
      });
    });
  }

  track(action) {
    this.pending = { action, fromVersion: this.version, t0: performance.now() };
    this.game.metrics.sent++;
  }

  act(action, data = {}, afterThinking = false) {
    const think = this.game.thinkMs ?? 0;
    if (think > 0 && !afterThinking) {
      // a person takes a moment: send after a random delay (the latency clock starts at the send)
      this.thinking = true;
      setTimeout(() => {
        this.thinking = false;
        if (!this.done && !this.game.finished) this.act(action, data, true);
      }, this.pick(think + 1));
      return;
    }
    this.track(action);
    this.ws.send(JSON.stringify({ type: 'game_action', gameId: this.game.gameId, userId: this.userId, action, data }));
  }

  onMessage(data) {
    let m;
    try {
      m = JSON.parse(data.toString());
    } catch {
      return this.game.metrics.error('BAD_JSON', { client: this.name });
    }
    if (isView(m)) {
      this.game.metrics.views++;
      this.game.metrics.viewBytes += data.length;
      if (m.version <= this.version) return;
      this.version = m.version;
      this.view = m.view;
      this.game.lastProgress = performance.now();
      if (this.pending && m.version > this.pending.fromVersion) {
        this.game.metrics.record(this.pending.action, performance.now() - this.pending.t0);
        this.pending = null;
      }
      if (this.onFirstView) {
        const f = this.onFirstView;
        this.onFirstView = null;
        f();
      }
      this.game.step(this);
    } else if (m.type === 'error') {
      const action = this.pending?.action ?? null;
      this.pending = null;
      this.game.metrics.error(m.code ?? 'UNKNOWN', { client: this.name, action, phase: this.view?.game?.phase ?? null, message: m.message });
      this.game.errors++;
      this.game.step(this);
    } else if (m.type === 'notice') {
      this.game.metrics.notices++;
    }
  }

  close() {
    this.done = true;
    try {
      this.ws?.close(1000);
    } catch {
      /* already closed */
    }
  }
}

/** One game: REST setup, sockets, host lobby script, play to results. */
class Game {
  constructor(index, o) {
    Object.assign(this, o);
    this.index = index;
    this.clients = [];
    this.gameId = null;
    this.round = null;
    this.finished = false;
    this.ready = false;
    this.errors = 0;
    this.failure = null;
    this.lastProgress = performance.now();
  }

  /** Runs the game; resolves with its record when it completes or fails (never rejects). */
  run() {
    this.t0 = performance.now();
    const done = new Promise((resolve) => (this.resolveDone = resolve));
    void this.play();
    return done;
  }

  async play() {
    try {
      const setupDeadline = setTimeout(() => this.fail('TIMEOUT', `run time limit reached during setup (${this.describe()})`), Math.max(0, this.deadline - performance.now()));
      this.setupTimer = setupDeadline;
      const room = await this.rest('/api/rooms/create', {}, this.hostCookie);
      this.gameId = room.body.gameId;
      this.clients.push(new HumanClient(this, { name: `g${this.index}-host`, userId: room.body.userId, cookie: this.hostCookie, isHost: true, seed: this.index * 31 + 1 }));
      const guests = await Promise.all(
        Array.from({ length: this.humans - 1 }, (_, i) => this.rest('/api/rooms/join', { roomCode: room.body.roomCode, displayName: `G${this.index}-${i + 1}` })),
      );
      guests.forEach((j, i) => {
        if (!j.cookie) throw Object.assign(new Error('join: no session cookie'), { code: 'NO_COOKIE' });
        this.clients.push(new HumanClient(this, { name: `g${this.index}-guest${i + 1}`, userId: j.body.userId, cookie: j.cookie, isHost: false, seed: this.index * 31 + i + 2 }));
      });
      this.tSetup = performance.now();
      if (this.finished) return;
      await Promise.all(this.clients.map((c) => c.open()));
      this.tJoined = performance.now();
      if (this.finished) return;
      clearTimeout(this.setupTimer);
      this.ready = true;
      this.lastProgress = performance.now();
      this.watchdog = setInterval(() => {
        const now = performance.now();
        if (now - this.lastProgress > this.stallMs) this.fail('STALLED', `no view update for ${Math.round(this.stallMs / 1000)} s (${this.describe()})`);
        else if (now > this.deadline) this.fail('TIMEOUT', `run time limit reached (${this.describe()})`);
      }, 500);
      for (const c of this.clients) this.step(c);
    } catch (err) {
      this.fail(err.code ?? 'SETUP_FAILED', err.message);
    }
  }

  /**
   * A REST call as a person would make it: a 5xx or network error is recorded (HTTP_<status> <path>)
   * and retried up to twice, with the session cookie the failed answer set, if any.
   * @throws Error with `code` when it still fails, or on a 4xx
   */
  async rest(path, body, cookie) {
    for (let attempt = 1; ; attempt++) {
      let r;
      try {
        r = await api(this.base, path, body, cookie);
      } catch (err) {
        r = { status: 0, body: { code: err.name, message: err.message }, cookie };
      }
      if (r.status === 200) return r;
      const code = `HTTP_${r.status || 'NETWORK'} ${path}`;
      this.metrics.error(code, { game: this.index, attempt, body: r.body });
      if (r.status > 0 && r.status < 500) throw Object.assign(new Error(`${path}: HTTP ${r.status} ${JSON.stringify(r.body)}`), { code });
      if (attempt === 3) throw Object.assign(new Error(`${path}: failed ${attempt} times, last HTTP ${r.status} ${JSON.stringify(r.body)}`), { code: 'REST_GAVE_UP' });
      cookie = r.cookie ?? cookie;
      await new Promise((res) => setTimeout(res, 500 * attempt));
    }
  }

  describe() {
    return this.clients.map((c) => `${c.name}:${c.view?.game?.phase ?? '?'} v${c.version}${c.pending ? ` waiting ${c.pending.action}` : ''}`).join(', ');
  }

  /** Decides and sends a client's next move from its latest view. */
  step(c) {
    if (!this.ready || this.finished || c.done || c.pending || c.thinking || !c.view) return;
    const v = c.view;
    const phase = v.game.phase;
    if (phase === 'lobby') {
      if (this.round !== null) return; // a stale lobby view after start (cannot happen in one round)
      if (c.isHost) this.lobbyStep(c, v);
      return;
    }
    this.round ??= v.game.round;
    if (v.game.round !== this.round) return; // only act on views of the current round
    if (phase === 'results') {
      if (v.game.voteResults) {
        c.done = true;
        if (this.clients.every((x) => x.done)) this.complete();
      }
      return;
    }
    if (phase === 'discussion' && !c.sent.has(`${v.game.round}:discussion:chat`)) {
      c.sent.add(`${v.game.round}:discussion:chat`);
      return c.act('send_message', { content: `${c.name}: I am a Basic Good Guy, trust me.` });
    }
    const move = this.nextSimulatedMove(v, c.pick);
    if (!move) return;
    const key = `${v.game.round}:${phase}:${move.action}`;
    if (c.sent.has(key)) return;
    c.sent.add(key);
    c.act(move.action, move.data);
  }

  /** Host in the lobby: add the bots one by one, set the role selection, start. */
  lobbyStep(c, v) {
    const bots = v.players.filter((p) => p.isBot).length;
    const humans = v.players.filter((p) => !p.isBot).length;
    const once = (key, action, data) => {
      if (c.sent.has(key)) return;
      c.sent.add(key);
      c.act(action, data);
    };
    if (bots < this.bots) return once(`lobby:add_bot:${bots}`, 'add_bot');
    const have = [...v.game.selectedRoles].sort().join('|');
    if (this.roles && have !== [...this.roles].sort().join('|')) return once('lobby:roles', 'update_role_selection', { roles: this.roles });
    if (humans === this.humans) once('lobby:start', 'start_game');
  }

  complete() {
    if (this.finished) return;
    this.tDone = performance.now();
    this.finish(null);
  }

  fail(code, message) {
    if (this.finished) return;
    if (code !== 'REST_GAVE_UP' && !code.startsWith('HTTP_')) this.metrics.error(code, { game: this.index, message });
    this.finish({ code, message });
  }

  finish(failure) {
    this.finished = true;
    this.failure = failure;
    clearInterval(this.watchdog);
    clearTimeout(this.setupTimer);
    for (const c of this.clients) {
      if (c.pending) this.metrics.unanswered++;
      c.close();
    }
    this.resolveDone({
      index: this.index,
      gameId: this.gameId,
      ok: failure === null,
      failure,
      startedAt: this.t0,
      endedAt: performance.now(),
      setupMs: this.tSetup ? this.tSetup - this.t0 : null,
      joinMs: this.tJoined && this.tSetup ? this.tJoined - this.tSetup : null,
      durationMs: this.tDone ? this.tDone - this.t0 : null,
      playMs: this.tDone && this.tJoined ? this.tDone - this.tJoined : null,
      errors: this.errors,
    });
  }
}

/**
 * Plays `games` games concurrently against the gateway at `base`.
 * @param {object} o
 * @param {string} o.base gateway URL (http://127.0.0.1:port)
 * @param {string} o.hostCookie demo host's nf_session cookie
 * @param {number} o.games
 * @param {number} o.humans humans per game (host included)
 * @param {number} o.bots bots per game
 * @param {string[]|null} o.roles selection the host sets (null: keep the lobby's)
 * @param {number} o.staggerMs delay between two game starts
 * @param {number} o.deadline performance.now() after which unfinished games fail (TIMEOUT)
 * @param {number} o.stallMs a game with no view update for this long fails (STALLED)
 * @param {number} [o.thinkMs] each move is sent after a random delay in [0, thinkMs] (default 0)
 * @param {(view: object, pick: (n: number) => number) => object|null} o.nextSimulatedMove
 * @param {(done: number, total: number) => void} [o.onProgress]
 */
export async function runLoad(o) {
  const metrics = new Metrics();
  const started = performance.now();
  const runs = [];
  let finished = 0;
  for (let i = 0; i < o.games; i++) {
    if (i > 0 && o.staggerMs > 0) await new Promise((r) => setTimeout(r, o.staggerMs));
    if (performance.now() > o.deadline) break;
    const g = new Game(i + 1, { ...o, metrics });
    runs.push(
      g.run().then((rec) => {
        finished++;
        o.onProgress?.(finished, o.games);
        return rec;
      }),
    );
  }
  const records = await Promise.all(runs);
  return { metrics, records, wallMs: performance.now() - started };
}
