// `npm run bench -- --growth`: the cost growth of the stack, CPU per action and latency against the number of games
// (10, 100, 1,000 of 5 seats) and the seats per game (5, 10, 27; 100 games), each a load run on a fresh stack, then
// one table of all of them (docs/hot-path.md "Cost growth in one command").

/**
 * The runs of `--growth` (the cost growth the hot-path issue asks for: against games, then against seats). Games of
 * many seats start further apart, so that the arrivals (each human's set-up, about 10 ms of CPU) do not saturate
 * the 2-core machine on their own: 2,700 humans within 30 s did (scripts/bench/README.md, 27-seat failures).
 */
export const GROWTH_RUNS = [
  { games: 10, seats: 5, staggerMs: 10 },
  { games: 100, seats: 5, staggerMs: 10 },
  { games: 1000, seats: 5, staggerMs: 60 },
  { games: 100, seats: 10, staggerMs: 10 },
  { games: 100, seats: 27, staggerMs: 1000 },
];

/**
 * `--growth`: each run of {@link GROWTH_RUNS} as a load run of its own on a fresh stack (its full report printed as
 * it ends), then one table of all of them. Closed loop, think time 0-2000 ms, seats = humans, 1 gateway and 1
 * engine, as the cost growth tables of scripts/bench/README.md since 2026-11-23.
 * @param {object} o the bench options (the load options of each run are set here)
 * @param {{log: (m: string) => void, stats: any, loadBench: (o: object, stats: any) => Promise<object>}} ctx
 *   (loadBench: one load run on a fresh stack, printing its report, as the default run)
 * @returns {Promise<object[]>} the load result of each run, in order
 */
export async function growthBench(o, { log, stats, loadBench }) {
  const loads = [];
  for (const run of GROWTH_RUNS) {
    log(`growth: ${run.games} games x ${run.seats} seats, ${run.staggerMs} ms apart...`);
    loads.push(
      await loadBench(
        { ...o, games: run.games, humans: run.seats, bots: 0, staggerMs: run.staggerMs, thinkMs: 2000, openLoop: false, rounds: 1, replicas: 1, gateways: 1, warmupGames: 20 },
        stats,
      ),
    );
  }
  console.log('');
  console.log('== Cost growth: CPU per action and latency against games and seats (closed loop, think 0-2000 ms, 1 gateway, 1 engine) ==');
  console.log(
    stats.table(
      ['games x seats', 'completed', 'actions/s', 'p50 / p95 / p99 (ms)', 'CPU/action ms (services / PG / NATS)', 'net ms', 'mean view B', 'machine busy %'],
      loads.map((l) => {
        const L = l.latency.all;
        const c = l.cpuPerAction;
        return [
          `${l.config.games} x ${l.config.humans}`,
          `${l.games.completed}/${l.games.started}`,
          l.actionsPerSecond,
          L && `${L.p50} / ${L.p95} / ${L.p99}`,
          `${c.total} (${c.services} / ${c.postgres ?? '-'} / ${c.natsServer ?? '-'})`,
          l.cpuPerActionNet?.total,
          l.viewMeanBytes,
          l.machineCpuBusyPercent,
        ];
      }),
    ),
  );
  return loads;
}
