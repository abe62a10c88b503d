// Load driver of `npm run bench`: N concurrent games, each played by simulated human clients over the
// gateways' public REST API and WebSocket /ws (127.0.0.1 only; with several gateways each client takes the
// next one round-robin). Every game_action a client sends is timed until that client receives the first
// view whose version is greater than the version it held when it sent (action -> view update latency).
// Closed loop (default): a client has one action in flight and thinks 0..thinkMs after each view. Open
// loop (openLoop): each human plans its move(s) of a phase at a random 0..thinkMs after the phase's first
// view, whatever the others do and whether or not its earlier actions were answered.
// runIdle: the same REST setup and sockets joined to the games, then no action (idle-socket memory).
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
export function picker(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

const PING = JSON.stringify({ type: 'ping' });

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
    /** pings the sockets sent (not actions: no latency, not in "per action") */
    this.pings = 0;
    /** view messages received and their total size (bytes of the JSON frame) */
    this.views = 0;
    this.viewBytes = 0;
    this.sent = 0;
    this.unanswered = 0;
    /** views whose version equals / is below the one the client holds, and versions never seen (gaps) */
    this.viewsDuplicate = 0;
    this.viewsOutOfOrder = 0;
    this.versionsSkipped = 0;
    /** performance.now() when the run started: the timeline's zero */
    this.t0 = performance.now();
    /** Date.now() at t0 (to line the timeline up with the services' logs) */
    this.t0Epoch = Date.now();
    /** every latency with its time, flat: [s since t0, latency ms, 1 if join_game else 0, ...] (the timeline) */
    this.samples = [];
    /** the bench client's event-loop lag, flat: [s since t0, ms late, ...] (a late loop delays every latency it measures) */
    this.lag = [];
    /** the machine's CPU counters once a second, flat: [s since t0, busy ticks, total ticks, ...] (/proc/stat) */
    this.cpu = [];
  }
  record(action, ms) {
    let a = this.latency.get(action);
    if (!a) this.latency.set(action, (a = []));
    a.push(ms);
    this.samples.push((performance.now() - this.t0) / 1000, ms, action === 'join_game' ? 1 : 0);
  }
  /**
   * Samples the client's event-loop lag every `everyMs` until the returned function is called: how late a timer
   * fires (latencies measured while the client's own loop was late include that delay); and, once a second, the
   * machine's CPU counters from `machineCpu` (when given).
   */
  sample(everyMs = 100, machineCpu = null) {
    let expected = performance.now() + everyMs;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      this.lag.push((now - this.t0) / 1000, Math.max(0, now - expected));
      expected = now + everyMs;
      const c = ++ticks % Math.round(1000 / everyMs) === 0 ? machineCpu?.() : null;
      if (c) this.cpu.push((now - this.t0) / 1000, c.busy, c.total);
    }, everyMs);
    return () => clearInterval(timer);
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
 * Seeds the demo host (it owns every room) on a started stack and signs it in.
 * @param stack the launcher's running stack
 * @returns the demo host's session cookie
 * @throws Error when the sign-in fails
 */
export async function signInDemoHost(stack) {
  const { seedDemoHost, DEMO_HOST } = await import('@nightfall/testing/launcher');
  await seedDemoHost(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`);
  const login = await api(stack.url, '/api/auth/login', { email: DEMO_HOST.email, password: DEMO_HOST.password });
  if (login.status !== 200 || !login.cookie) throw new Error(`demo host login failed: HTTP ${login.status} ${JSON.stringify(login.body)}`);
  return login.cookie;
}

/**
 * One simulated human: a socket, its latest view, at most one action in flight (a real UI waits for
 * the update), each move sent once per round+phase (as the UI disables the button).
 */
class HumanClient {
  constructor(game, { name, userId, cookie, isHost, seed, base }) {
    Object.assign(this, { game, name, userId, cookie, isHost, base });
    this.pick = picker(seed);
    this.view = null;
    this.version = 0;
    /** actions sent and not yet answered by a newer view, oldest first (closed loop: at most one) */
    this.pendings = [];
    this.sent = new Set();
    /** refusals of each move, by move key (Game.replanner) */
    this.refusals = new Map();
    /** open loop: phases (round:phase) whose moves are planned, moves whose think time is over, timers */
    this.planned = new Set();
    this.due = new Set();
    this.timers = [];
    this.done = false;
    this.ws = null;
  }

  /** Opens /ws with the session cookie and joins the game; resolves on the first view. */
  open() {
    const { gameId } = this.game;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
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
        // as the web client (spec 000: a ping every 30 s; the gateway answers a pong, which the client ignores)
        const pingMs = this.game.pingMs ?? 0;
        if (pingMs > 0) {
          this.timers.push(setInterval(() => {
            if (ws.readyState !== WebSocket.OPEN) return;
            ws.send(PING);
            this.game.metrics.pings++;
          }, pingMs));
        }
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

  track(action, replan) {
    this.pendings.push({ action, replan, fromVersion: this.version, t0: performance.now() });
    this.game.metrics.sent++;
  }

  /**
   * Sends a game_action; in the closed loop with a think time, after a random 0..thinkMs (unless `now`).
   * @param {(() => void) | undefined} replan called when the server refuses the move (Game.replanner)
   */
  act(action, data = {}, now = false, replan = undefined) {
    const think = this.game.thinkMs ?? 0;
    if (think > 0 && !now && !this.game.openLoop) {
      // a person takes a moment: send after a random delay (the latency clock starts at the send)
      this.thinking = true;
      setTimeout(() => {
        this.thinking = false;
        if (!this.done && !this.game.finished) this.act(action, data, true, replan);
      }, this.pick(think + 1));
      return;
    }
    this.track(action, replan);
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
      const metrics = this.game.metrics;
      metrics.views++;
      metrics.viewBytes += data.length;
      if (m.version <= this.version) {
        if (m.version === this.version) metrics.viewsDuplicate++;
        else metrics.viewsOutOfOrder++;
        return;
      }
      if (this.version > 0) metrics.versionsSkipped += m.version - this.version - 1;
      this.version = m.version;
      this.view = m.view;
      this.game.lastProgress = performance.now();
      if (this.pendings.length) {
        const now = performance.now();
        this.pendings = this.pendings.filter((p) => {
          if (m.version <= p.fromVersion) return true;
          metrics.record(p.action, now - p.t0);
          return false;
        });
      }
      if (this.onFirstView) {
        const f = this.onFirstView;
        this.onFirstView = null;
        f();
      }
      this.game.step(this);
    } else if (m.type === 'error') {
      const pending = this.pendings.shift();
      const action = pending?.action ?? null;
      this.game.metrics.error(m.code ?? 'UNKNOWN', { client: this.name, action, phase: this.view?.game?.phase ?? null, message: m.message });
      this.game.errors++;
      pending?.replan?.();
      this.game.step(this);
    } else if (m.type === 'notice') {
      this.game.metrics.notices++;
    }
  }

  close() {
    this.done = true;
    for (const t of this.timers) clearTimeout(t);
    try {
      this.ws?.close(1000);
    } catch {
      /* already closed */
    }
  }
}

/** One game: REST setup, sockets, host lobby script, play to the results (of `rounds` rounds, default 1). */
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

  /**
   * REST part of the setup: the host creates the room, the guests join it (each on its gateway).
   * @throws Error with `code` when a call fails
   */
  async setup() {
    this.setupTimer = setTimeout(() => this.fail('TIMEOUT', `run time limit reached during setup (${this.describe()})`), Math.max(0, this.deadline - performance.now()));
    const hostBase = this.nextBase();
    const room = await this.rest('/api/rooms/create', {}, this.hostCookie, hostBase);
    this.gameId = room.body.gameId;
    this.clients.push(new HumanClient(this, { name: `g${this.index}-host`, userId: room.body.userId, cookie: this.hostCookie, isHost: true, seed: this.index * 31 + 1, base: hostBase }));
    const bases = Array.from({ length: this.humans - 1 }, () => this.nextBase());
    const guests = await Promise.all(
      bases.map((b, i) => this.rest('/api/rooms/join', { roomCode: room.body.roomCode, displayName: `G${this.index}-${i + 1}` }, undefined, b)),
    );
    guests.forEach((j, i) => {
      if (!j.cookie) throw Object.assign(new Error('join: no session cookie'), { code: 'NO_COOKIE' });
      this.clients.push(new HumanClient(this, { name: `g${this.index}-guest${i + 1}`, userId: j.body.userId, cookie: j.cookie, isHost: false, seed: this.index * 31 + i + 2, base: bases[i] }));
    });
    this.tSetup = performance.now();
  }

  /** Socket part of the setup: every human opens /ws and joins the game (until its first view). */
  async connect() {
    await Promise.all(this.clients.map((c) => c.open()));
    this.tJoined = performance.now();
    clearTimeout(this.setupTimer);
  }

  async play() {
    try {
      await this.setup();
      if (this.finished) return;
      await this.connect();
      if (this.finished) return;
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
  async rest(path, body, cookie, base) {
    for (let attempt = 1; ; attempt++) {
      let r;
      try {
        r = await api(base, path, body, cookie);
      } catch (err) {
        // fetch's TypeError hides what failed (reset, refused, timeout) in its cause
        r = { status: 0, body: { code: err.name, message: err.message, cause: err.cause?.code ?? err.cause?.message }, cookie };
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
    return this.clients.map((c) => `${c.name}:${c.view?.game?.phase ?? '?'} v${c.version}${c.pendings.length ? ` waiting ${c.pendings.map((p) => p.action).join('+')}` : ''}`).join(', ');
  }

  /** Decides and sends a client's next move from its latest view. */
  step(c) {
    if (!this.ready || this.finished || c.done || c.thinking || !c.view) return;
    if (c.pendings.length && !(this.openLoop && c.view.game.phase !== 'lobby')) return;
    const v = c.view;
    const phase = v.game.phase;
    if (this.round !== null && v.game.round < this.round) return; // a stale view of an earlier round
    if (phase === 'lobby') {
      // the first lobby, or the next round's after play again; a lobby view of the round in play is stale
      if (this.round !== null && v.game.round === this.round) return;
      if (c.isHost) this.lobbyStep(c, v);
      return;
    }
    if (this.round === null || v.game.round > this.round) this.round = v.game.round;
    this.firstRound ??= this.round;
    if (phase === 'results') {
      if (!v.game.voteResults) return;
      // --rounds: play again until the game has played its rounds (the rules return to the lobby once every human
      // asked; the host then starts the next round with the same players, bots and roles)
      if (this.round - this.firstRound + 1 < (this.rounds ?? 1)) {
        const key = `${this.round}:results:play_again`;
        if (!c.sent.has(key)) {
          c.sent.add(key);
          c.act('play_again', {}, this.openLoop);
        }
        return;
      }
      c.done = true;
      if (this.clients.every((x) => x.done)) this.complete();
      return;
    }
    if (this.openLoop) return this.openLoopStep(c, v);
    if (phase === 'discussion' && !c.sent.has(`${v.game.round}:discussion:chat`)) {
      c.sent.add(`${v.game.round}:discussion:chat`);
      return c.act('send_message', { content: `${c.name}: I am a Basic Good Guy, trust me.` });
    }
    const move = this.nextSimulatedMove(v, c.pick);
    if (!move) return;
    const key = `${v.game.round}:${phase}:${move.action}:${this.nightActionsTaken(v)}`;
    if (c.sent.has(key)) return;
    c.sent.add(key);
    c.act(move.action, move.data, false, this.replanner(c, key, phase, () => c.sent.delete(key)));
  }

  /**
   * Open loop: at the first view of a phase the human plans its moves at random 0..thinkMs later (in the
   * discussion a chat message and then ready, at two such times in order); a move is sent when its time
   * comes (or at the first later view of the same phase that allows it), whatever is in flight.
   */
  openLoopStep(c, v) {
    // a Role Copier acts twice in one night (the copy, then the copied role's action): each is planned on its own
    const phaseKey = `${v.game.round}:${v.game.phase}:${this.nightActionsTaken(v)}`;
    if (!c.planned.has(phaseKey)) {
      c.planned.add(phaseKey);
      const draw = () => c.pick(this.thinkMs + 1);
      const moves = v.game.phase === 'discussion' ? ['chat', 'move'] : ['move'];
      const delays = moves.map(draw).sort((a, b) => a - b);
      moves.forEach((m, i) => {
        c.timers.push(
          setTimeout(() => {
            c.due.add(`${phaseKey}:${m}`);
            this.step(c);
          }, delays[i]),
        );
      });
      return;
    }
    if (c.due.delete(`${phaseKey}:chat`)) c.act('send_message', { content: `${c.name}: I am a Basic Good Guy, trust me.` }, true);
    if (!c.due.has(`${phaseKey}:move`)) return;
    const move = this.nextSimulatedMove(v, c.pick);
    if (!move) return; // nothing to do yet: stays due for the next view of this phase
    const moveKey = `${phaseKey}:move`;
    c.due.delete(moveKey);
    c.act(move.action, move.data, true, this.replanner(c, moveKey, v.game.phase, () => c.due.add(moveKey)));
  }

  /**
   * The `replan` of a move (HumanClient.act): on a refusal, `again` makes the move due again when the simulated
   * player would choose it again (`choosesAgainAfterRefusal`: a night action or vote, a few times), so that it is
   * chosen from the newest view instead of stalling the phase.
   */
  replanner(c, key, phase, again) {
    return () => {
      const n = (c.refusals.get(key) ?? 0) + 1;
      c.refusals.set(key, n);
      if (this.choosesAgainAfterRefusal(phase, n)) again();
    };
  }

  /** Host in the lobby: add the bots one by one, set the role selection, start (in the open loop without thinking). */
  lobbyStep(c, v) {
    const bots = v.players.filter((p) => p.isBot).length;
    const humans = v.players.filter((p) => !p.isBot).length;
    const once = (key, action, data) => {
      const k = `${v.game.round}:${key}`; // once per round: the next round's lobby starts again
      if (c.sent.has(k)) return;
      c.sent.add(k);
      c.act(action, data, this.openLoop);
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
      this.metrics.unanswered += c.pendings.length;
      c.close();
    }
    this.resolveDone({
      index: this.index,
      gameId: this.gameId,
      ok: failure === null,
      failure,
      startedAt: this.t0,
      joinedAt: this.tJoined ?? null,
      endedAt: performance.now(),
      setupMs: this.tSetup ? this.tSetup - this.t0 : null,
      joinMs: this.tJoined && this.tSetup ? this.tJoined - this.tSetup : null,
      durationMs: this.tDone ? this.tDone - this.t0 : null,
      playMs: this.tDone && this.tJoined ? this.tDone - this.tJoined : null,
      errors: this.errors,
    });
  }
}

/** Round-robin over the gateways' URLs: each call gives the next one. */
function roundRobin(bases) {
  let k = 0;
  return () => bases[k++ % bases.length];
}

/**
 * Plays `games` games concurrently against the gateways at `bases` (each client, the host's room creation
 * included, takes the next gateway round-robin, so a game's players are spread over them).
 * @param {object} o
 * @param {string[]} o.bases gateway URLs (http://127.0.0.1:port)
 * @param {string} o.hostCookie demo host's nf_session cookie
 * @param {number} o.games
 * @param {number} o.humans humans per game (host included)
 * @param {number} o.bots bots per game
 * @param {string[]|null} o.roles selection the host sets (null: keep the lobby's)
 * @param {number} o.staggerMs delay between two game starts
 * @param {number} o.deadline performance.now() after which unfinished games fail (TIMEOUT)
 * @param {number} o.stallMs a game with no view update for this long fails (STALLED)
 * @param {number} [o.thinkMs] each move is sent after a random delay in [0, thinkMs] (default 0)
 * @param {boolean} [o.openLoop] open loop: moves planned at the phase's first view, not gated by answers (needs thinkMs)
 * @param {number} [o.pingMs] each socket sends a ping every pingMs ms from its opening, as the web client (default 0: none)
 * @param {(view: object, pick: (n: number) => number) => object|null} o.nextSimulatedMove
 * @param {(view: object) => number} o.nightActionsTaken the simulated player's count of night actions taken (in the move keys)
 * @param {(phase: string, refusals: number) => boolean} o.choosesAgainAfterRefusal the simulated player's rule for a refused move
 * @param {(done: number, total: number) => void} [o.onProgress]
 * @param {() => ({busy: number, total: number} | null)} [o.machineCpu] the machine's CPU counters, read once a second for the timeline
 */
export async function runLoad(o) {
  const metrics = new Metrics();
  const stopSampling = metrics.sample(100, o.machineCpu);
  const nextBase = roundRobin(o.bases);
  const started = performance.now();
  const runs = [];
  let finished = 0;
  for (let i = 0; i < o.games; i++) {
    if (i > 0 && o.staggerMs > 0) await new Promise((r) => setTimeout(r, o.staggerMs));
    if (performance.now() > o.deadline) break;
    const g = new Game(i + 1, { ...o, metrics, nextBase });
    runs.push(
      g.run().then((rec) => {
        finished++;
        o.onProgress?.(finished, o.games);
        return rec;
      }),
    );
  }
  const records = await Promise.all(runs);
  stopSampling();
  return { metrics, records, wallMs: performance.now() - started };
}

/** Runs `fn` over `items` with at most `limit` at a time; resolves with the results in order. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Idle sockets: the REST setup of every game first (rooms created, guests joined: no socket yet), then
 * `between()` (the "before" measurement), then every human's socket opens and joins its game (until its
 * first view, `concurrency` games at a time), then nothing is sent. Returns the sockets still open and
 * `close()`, which closes them.
 * @param {object} o as runLoad, plus `sockets` (total humans: the last game may have fewer) and
 *   `concurrency` (games whose sockets open at the same time, default 50)
 * @param {() => Promise<void>} between
 */
export async function runIdle(o, between) {
  const metrics = new Metrics();
  const nextBase = roundRobin(o.bases);
  const games = [];
  for (let left = o.sockets, i = 0; left > 0; i++) {
    const humans = Math.min(o.humans, left);
    left -= humans;
    games.push(new Game(i + 1, { ...o, humans, metrics, nextBase }));
  }
  const failures = [];
  const t0 = performance.now();
  let lastLog = 0;
  let setupDone = 0;
  await pool(games, o.concurrency ?? 50, async (g) => {
    g.resolveDone = () => undefined;
    try {
      await g.setup();
    } catch (err) {
      g.finished = true;
      clearTimeout(g.setupTimer);
      failures.push({ game: g.index, code: err.code ?? 'SETUP_FAILED', message: err.message });
    }
    setupDone++;
    if (performance.now() - lastLog > 5000) {
      lastLog = performance.now();
      o.onProgress?.(`REST setup ${setupDone}/${games.length} games`);
    }
  });
  const setupMs = performance.now() - t0;
  await between();
  const t1 = performance.now();
  let joined = 0;
  await pool(games.filter((g) => !g.finished), o.concurrency ?? 50, async (g) => {
    try {
      await g.connect();
      joined += g.clients.length;
    } catch (err) {
      failures.push({ game: g.index, code: err.code ?? 'JOIN_FAILED', message: err.message });
    }
    if (performance.now() - lastLog > 5000) {
      lastLog = performance.now();
      o.onProgress?.(`${joined} sockets joined`);
    }
  });
  const connectMs = performance.now() - t1;
  const open = games.flatMap((g) => g.clients).filter((c) => c.ws?.readyState === WebSocket.OPEN).length;
  return {
    games: games.length,
    joined,
    open,
    failures,
    metrics,
    setupMs,
    connectMs,
    /** Sockets of the idle clients still open now. */
    openNow: () => games.flatMap((g) => g.clients).filter((c) => c.ws?.readyState === WebSocket.OPEN).length,
    /** Open sockets per gateway URL. */
    openByBase: () => {
      const m = new Map();
      for (const c of games.flatMap((g) => g.clients)) if (c.ws?.readyState === WebSocket.OPEN) m.set(c.base, (m.get(c.base) ?? 0) + 1);
      return m;
    },
    close: async () => {
      const all = games.flatMap((g) => g.clients);
      for (const g of games) g.finished = true;
      for (const c of all) c.close();
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}
