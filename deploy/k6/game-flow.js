// Nightfall load test: whole games through the public gateway (REST + WebSocket), as real clients play.
//
// Each iteration of a VU plays one game: the demo host (signed in once in setup()) creates a room,
// GUESTS guests join it by room code, every player opens /ws and sends join_game, the host adds BOTS
// bots, selects players + 3 roles and starts the game, then every human plays from its own view
// (ready, night action, vote) with nextSimulatedMove (lib/simulated-player.js) until the results. The
// time from each game_action to the next view update on the same socket is recorded in the
// `action_update_latency` Trend.
//
//   k6 run -e BASE_URL=https://nightfall.example.com deploy/k6/game-flow.js
//
// Environment: BASE_URL (default http://localhost:8080), HOST_EMAIL / HOST_PASSWORD (default: the demo
// host seeded by `npm start`), GUESTS (3), BOTS (3), ROLES (comma-separated, default: a valid deck),
// GAME_TIMEOUT_MS (120000), SESSION_COOKIE (nf_session), PROFILE (load | smoke).
// Needs k6 >= 0.54 (k6/websockets; on older versions import from k6/experimental/websockets).
//
// smoke.js, load.js and soak.js run this same game with their own scenarios and the thresholds of the
// performance goals (GOAL_THRESHOLDS below; deploy/k6/README.md).
import http from 'k6/http';
import { check, fail } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { setTimeout, clearTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
// The simulated player's move logic, generated from libs/testing/src/simulated-player.ts (the one the
// integration tests and `npm run bench` use) by `npm run build`: never edit lib/ by hand.
import { choosesAgainAfterRefusal, nextSimulatedMove, nightActionsTaken } from './lib/simulated-player.js';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const WS_URL = BASE_URL.replace(/^http/, 'ws') + '/ws';
const HOST_EMAIL = __ENV.HOST_EMAIL || 'demo@nightfall.local';
const HOST_PASSWORD = __ENV.HOST_PASSWORD || 'nightfall-demo';
const SESSION_COOKIE = __ENV.SESSION_COOKIE || 'nf_session';
const GUESTS = intEnv('GUESTS', 3);
const BOTS = intEnv('BOTS', 3);
const GAME_TIMEOUT_MS = intEnv('GAME_TIMEOUT_MS', 120000);
const PROFILE = __ENV.PROFILE || 'load';

/** Selectable roles in deck order; a game uses the first players + 3 (docs/rules.md "Setup and deal": 3 center cards). */
const ROLE_POOL = __ENV.ROLES
  ? __ENV.ROLES.split(',').map((r) => r.trim())
  : [
      'Bad Guy', 'Bad Guy', 'Bad Guy Helper', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker',
      'Self-Checker', 'Mutual Knowers', 'Mutual Knowers', 'Basic Good Guy', 'Basic Good Guy', 'Basic Good Guy',
      'Revenge Voter', 'Self-Eliminator',
    ];
const PLAYERS = 1 + GUESTS + BOTS;

const actionUpdateLatency = new Trend('action_update_latency', true);
const joinLatency = new Trend('join_latency', true);
const gameDuration = new Trend('game_duration', true);
const gameCompleted = new Rate('game_completed');
const wsErrors = new Counter('ws_errors');
const serverErrors = new Counter('server_error_messages');
/** Share of the game actions sent that the gateway answered with an `error` message (one true per error, one false per action). */
const actionErrors = new Rate('action_errors');

/**
 * The performance goals (issue 12; deploy/k6/README.md "Goals"): the time from a game action to the next view on the
 * same socket under 100 ms at p95; under 1 % of REST calls and of game actions failing; games finish, sockets
 * do not break. smoke.js, load.js and soak.js add their own on top.
 */
export const GOAL_THRESHOLDS = {
  action_update_latency: ['p(95)<100'],
  action_errors: ['rate<0.01'],
  http_req_failed: ['rate<0.01'],
  game_completed: ['rate>0.99'],
  ws_errors: ['count<1'],
  checks: ['rate>0.99'],
};

const PROFILES = {
  smoke: {
    scenarios: { games: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration: '3m' } },
  },
  load: {
    scenarios: {
      games: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [
          { duration: '30s', target: 5 },
          { duration: '2m', target: 20 },
          { duration: '2m', target: 20 },
          { duration: '30s', target: 0 },
        ],
        gracefulRampDown: '2m',
      },
    },
  },
};

export const options = Object.assign({}, PROFILES[PROFILE] || PROFILES.load, {
  setupTimeout: '60s',
  thresholds: {
    action_update_latency: ['p(95)<250', 'p(99)<1000'],
    join_latency: ['p(95)<500'],
    game_completed: ['rate>0.95'],
    ws_errors: ['count<10'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:rooms_create}': ['p(95)<500'],
    'http_req_duration{name:rooms_join}': ['p(95)<500'],
    checks: ['rate>0.99'],
  },
});

function intEnv(name, dflt) {
  const v = __ENV[name];
  if (v === undefined || v === '') return dflt;
  const n = parseInt(v, 10);
  if (isNaN(n) || n < 0) throw new Error(name + ' must be a non-negative integer, got ' + v);
  return n;
}

/** JSON POST with an explicit session cookie and a throw-away jar (players never share cookies). */
function post(path, body, cookie, name) {
  const headers = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = SESSION_COOKIE + '=' + cookie;
  return http.post(BASE_URL + path, JSON.stringify(body), { headers: headers, jar: new http.CookieJar(), tags: { name: name } });
}

function sessionCookieOf(res) {
  const c = res.cookies && res.cookies[SESSION_COOKIE];
  return c && c.length ? c[0].value : null;
}

function jsonOf(res) {
  try {
    return res.json();
  } catch {
    return null;
  }
}

export function setup() {
  if (PLAYERS > ROLE_POOL.length - 3) fail('GUESTS + BOTS + 1 = ' + PLAYERS + ' players need ' + (PLAYERS + 3) + ' roles; ROLES has ' + ROLE_POOL.length);
  const res = post('/api/auth/login', { email: HOST_EMAIL, password: HOST_PASSWORD }, null, 'login');
  const body = jsonOf(res);
  const ok = check(res, {
    'host login 200': (r) => r.status === 200,
    'host has host rights': () => !!(body && body.user && body.user.hasHostRights),
  });
  const cookie = sessionCookieOf(res);
  if (!ok || !cookie) fail('cannot sign in the host ' + HOST_EMAIL + ' at ' + BASE_URL + ': HTTP ' + res.status + ' ' + String(res.body).slice(0, 200));
  return { hostCookie: cookie };
}

/** pick(n) of the simulated player: a random index in [0, n). */
function pick(n) {
  return Math.floor(Math.random() * n);
}

export default function (data) {
  const tag = 'k6-' + __VU + '-' + __ITER;

  // 1. the host creates a room
  const created = post('/api/rooms/create', {}, data.hostCookie, 'rooms_create');
  const room = jsonOf(created);
  if (!check(created, { 'room created': (r) => r.status === 200 && !!(room && room.gameId) })) {
    gameCompleted.add(false);
    return;
  }
  const gameId = room.gameId;
  const players = [{ name: 'host', userId: room.userId, cookie: data.hostCookie, isHost: true }];

  // 2. guests join by room code (each gets its own guest session cookie)
  for (let i = 0; i < GUESTS; i++) {
    const res = post('/api/rooms/join', { roomCode: room.roomCode, displayName: tag + '-g' + i }, null, 'rooms_join');
    const body = jsonOf(res);
    const cookie = sessionCookieOf(res);
    if (!check(res, { 'guest joined': (r) => r.status === 200 && !!cookie && !!(body && body.userId) })) {
      gameCompleted.add(false);
      return;
    }
    players.push({ name: 'g' + i, userId: body.userId, cookie: cookie, isHost: false });
  }

  // 3. every player opens /ws; the game runs on the event loop until all sockets are closed
  const startedAt = Date.now();
  const host = players[0];
  let joined = 0;
  let botsSent = 0;
  let finished = false;
  let lobbyStep = 'join'; // join -> bots -> roles -> start -> playing

  const send = (p, action, payload) => {
    p.pending = { at: Date.now(), version: p.version };
    actionErrors.add(false);
    p.ws.send(JSON.stringify({ type: 'game_action', gameId: gameId, userId: p.userId, action: action, data: payload || {} }));
  };

  const finish = (completed) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    gameCompleted.add(completed);
    if (completed) gameDuration.add(Date.now() - startedAt);
    players.forEach((p) => {
      if (p.ws) p.ws.close();
    });
  };

  const timer = setTimeout(() => {
    const state = players.map((p) => p.name + ':' + (p.view ? p.view.game.phase + '/v' + p.version : 'no view')).join(' ');
    console.warn('game ' + gameId + ' did not finish in ' + GAME_TIMEOUT_MS + ' ms (' + state + ')');
    finish(false);
  }, GAME_TIMEOUT_MS);

  /** Host lobby script: add bots, select roles, start; each step waits for the view that confirms the previous one. */
  const selectRoles = () => {
    lobbyStep = 'roles';
    send(host, 'update_role_selection', { roles: ROLE_POOL.slice(0, PLAYERS + 3) });
  };
  const addBot = () => {
    botsSent++;
    send(host, 'add_bot');
  };
  const driveLobby = (view) => {
    if (lobbyStep === 'bots' && botsSent < BOTS && !host.pending) {
      addBot();
    } else if (lobbyStep === 'bots' && view.players.length >= PLAYERS && !host.pending) {
      selectRoles();
    } else if (lobbyStep === 'roles' && view.game.selectedRoles.length === PLAYERS + 3 && !host.pending) {
      lobbyStep = 'start';
      send(host, 'start_game');
    }
  };

  const onView = (p, msg) => {
    p.view = msg.view;
    p.version = msg.version;
    if (p.pending && msg.version > p.pending.version) {
      actionUpdateLatency.add(Date.now() - p.pending.at);
      p.pending = null;
    }
    const view = msg.view;
    if (view.game.phase === 'lobby') {
      if (p.isHost && lobbyStep !== 'join') driveLobby(view);
      return;
    }
    if (p.isHost && lobbyStep !== 'playing') lobbyStep = 'playing';
    if (view.game.phase === 'results' && view.game.voteResults) {
      p.done = true;
      if (players.every((q) => q.done)) finish(true);
      return;
    }
    const move = nextSimulatedMove(view, pick);
    if (!move) return;
    // once per phase, like the UI; a Role Copier acts twice in one night (the copy, then the copied role's action)
    const key = view.game.round + ':' + view.game.phase + ':' + move.action + ':' + nightActionsTaken(view);
    if (p.sentKey === key) return;
    p.sentKey = key;
    send(p, move.action, move.data);
  };

  players.forEach((p) => {
    const ws = new WebSocket(WS_URL, null, { headers: { Cookie: SESSION_COOKIE + '=' + p.cookie }, tags: { name: 'ws' } });
    p.ws = ws;
    p.version = 0;
    p.refusals = {};
    ws.onopen = () => {
      p.joinSentAt = Date.now();
      ws.send(JSON.stringify({ type: 'join_game', gameId: gameId, userId: p.userId }));
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        wsErrors.add(1);
        return;
      }
      if (msg.type === 'joined') {
        joinLatency.add(Date.now() - p.joinSentAt);
        joined++;
        if (joined === players.length && lobbyStep === 'join') {
          if (BOTS === 0) {
            selectRoles();
          } else {
            lobbyStep = 'bots';
            addBot();
          }
        }
      } else if (msg.type === 'error') {
        serverErrors.add(1, { code: String(msg.code) });
        actionErrors.add(true, { code: String(msg.code) });
        console.warn(p.name + ' got error ' + msg.code + ': ' + msg.message);
        p.pending = null;
        // a refused night action or vote is chosen again from the newest view (choosesAgainAfterRefusal)
        const key = p.sentKey;
        p.refusals[key] = (p.refusals[key] || 0) + 1;
        if (p.view && choosesAgainAfterRefusal(p.view.game.phase, p.refusals[key])) {
          p.sentKey = null;
          onView(p, { view: p.view, version: p.version });
        }
      } else if (msg.view) {
        onView(p, msg);
      }
    };
    ws.onerror = (e) => {
      wsErrors.add(1);
      console.warn(p.name + ' socket error: ' + (e && e.error ? e.error : e));
      finish(false);
    };
    ws.onclose = () => {
      if (!finished) {
        wsErrors.add(1);
        finish(false);
      }
    };
  });
}
