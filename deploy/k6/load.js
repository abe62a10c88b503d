// Load test: VUS concurrent games (default 20, each 1 host + GUESTS guests + BOTS bots: 80 sockets) through the
// public gateway (deploy/k6/game-flow.js), ramped up in 2.5 minutes and held for HOLD (default 5m), checked
// against the performance goals (GOAL_THRESHOLDS: action -> view p95 under 100 ms, under 1 % of failed
// requests and game actions) plus join and room-creation latency.
//
//   k6 run -e BASE_URL=https://nightfall.example.com -e VUS=20 -e HOLD=5m deploy/k6/load.js
//
// Environment: that of game-flow.js, VUS, HOLD. See deploy/k6/README.md.
import playGame, { GOAL_THRESHOLDS, setup } from './game-flow.js';

export { setup };
export default playGame;

const VUS = Math.max(1, parseInt(__ENV.VUS || '20', 10) || 20);
const HOLD = __ENV.HOLD || '5m';

export const options = {
  setupTimeout: '60s',
  scenarios: {
    load: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '30s', target: Math.max(1, Math.ceil(VUS / 4)) },
        { duration: '2m', target: VUS },
        { duration: HOLD, target: VUS },
        { duration: '30s', target: 0 },
      ],
      gracefulRampDown: '2m',
    },
  },
  thresholds: Object.assign({}, GOAL_THRESHOLDS, {
    action_update_latency: ['p(95)<100', 'p(99)<250'],
    join_latency: ['p(95)<500'],
    'http_req_duration{name:rooms_create}': ['p(95)<500'],
    'http_req_duration{name:rooms_join}': ['p(95)<500'],
  }),
};
