// Smoke test: one game through the public gateway (deploy/k6/game-flow.js), checked against the performance
// goals (GOAL_THRESHOLDS: action -> view p95 under 100 ms, under 1 % of failed requests and game actions,
// the game finishes, no socket error). About 10 s against `npm start`; run it after every deployment.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 deploy/k6/smoke.js
//
// Environment: that of game-flow.js (BASE_URL, HOST_EMAIL / HOST_PASSWORD, GUESTS, BOTS, ROLES,
// GAME_TIMEOUT_MS, SESSION_COOKIE). See deploy/k6/README.md.
import playGame, { GOAL_THRESHOLDS, setup } from './game-flow.js';

export { setup };
export default playGame;

export const options = {
  setupTimeout: '60s',
  scenarios: {
    smoke: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration: '3m' },
  },
  thresholds: Object.assign({}, GOAL_THRESHOLDS, {
    game_completed: ['rate==1'],
    checks: ['rate==1'],
  }),
};
