// Preloaded into each service by `npm run bench -- --profile DIR` (NODE_OPTIONS=--require): the first SIGWINCH starts
// V8's sampling profiler, the second stops it and writes DIR/<service>.cpuprofile (open it in Chrome's DevTools, or
// summarise it with scripts/bench/profile-summary.mjs). `--cpu-prof` does not work here: it writes at exit, and Nest's
// shutdown hooks end the process with the signal first (docs/hot-path.md "How it was measured").
'use strict';
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_PROFILE_DIR;
const name = process.env.BENCH_PROFILE_NAME || `pid-${process.pid}`;
const intervalUs = Number(process.env.BENCH_PROFILE_INTERVAL_US || 500);
let session = null;

if (dir) {
  process.on('SIGWINCH', () => {
    if (!session) {
      session = new inspector.Session();
      session.connect();
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: intervalUs }, () => session.post('Profiler.start')),
      );
      return;
    }
    const s = session;
    session = null;
    s.post('Profiler.stop', (err, res) => {
      if (!err && res) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(res.profile));
      }
      s.disconnect();
    });
  });
}
