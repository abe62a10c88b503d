// Soak test: SOAK_VUS games at a time (default 10) for SOAK_DURATION (default 1h) through the public gateway
// (deploy/k6/game-flow.js): leaks, growing latency and failures that only show over time. Checked against the
// performance goals (GOAL_THRESHOLDS: action -> view p95 under 100 ms, under 1 % of failed requests and game
// actions) over the whole run; the run stops early when games stop finishing or actions keep failing.
//
//   k6 run -e BASE_URL=https://nightfall.example.com -e SOAK_VUS=10 -e SOAK_DURATION=1h deploy/k6/soak.js
//
// Environment: that of game-flow.js, SOAK_VUS, SOAK_DURATION. See deploy/k6/README.md.
import playGame, { GOAL_THRESHOLDS, setup } from './game-flow.js';

export { setup };
export default playGame;

const SOAK_VUS = Math.max(1, parseInt(__ENV.SOAK_VUS || '10', 10) || 10);
const SOAK_DURATION = __ENV.SOAK_DURATION || '1h';

export const options = {
  setupTimeout: '60s',
  scenarios: {
    soak: { executor: 'constant-vus', vus: SOAK_VUS, duration: SOAK_DURATION, gracefulStop: '2m' },
  },
  thresholds: Object.assign({}, GOAL_THRESHOLDS, {
    action_update_latency: ['p(95)<100', 'p(99)<250'],
    game_completed: [{ threshold: 'rate>0.99', abortOnFail: true, delayAbortEval: '5m' }],
    action_errors: [{ threshold: 'rate<0.01', abortOnFail: true, delayAbortEval: '5m' }],
  }),
};
