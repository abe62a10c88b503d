// The memory of a Node service started with --inspect=127.0.0.1:<port> (the gateways of `npm run bench -- --idle`),
// read through the V8 inspector protocol: a full garbage collection (HeapProfiler.collectGarbage), then
// process.memoryUsage() evaluated in the service. One session stays open from the first reading to the last,
// so its own memory is in both.
import WebSocket from 'ws';

/**
 * Connects to the inspector on `port` (127.0.0.1).
 * @returns {Promise<{memory: () => Promise<{rss: number, heapTotal: number, heapUsed: number, external: number, arrayBuffers: number}>, close: () => void}>}
 */
export async function connectInspector(port) {
  const list = await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(5000) })).json();
  const url = list[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on 127.0.0.1:${port}`);
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((res, rej) => {
    ws.once('open', res);
    ws.once('error', rej);
  });
  let id = 0;
  const waiting = new Map();
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    const w = m.id !== undefined ? waiting.get(m.id) : undefined;
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.rej(new Error(`inspector: ${m.error.message}`));
    else w.res(m.result);
  });
  const call = (method, params = {}) =>
    new Promise((res, rej) => {
      const n = ++id;
      waiting.set(n, { res, rej });
      ws.send(JSON.stringify({ id: n, method, params }));
      setTimeout(() => {
        if (waiting.delete(n)) rej(new Error(`inspector: ${method} timed out`));
      }, 60_000).unref();
    });
  return {
    async memory() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const r = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
      return JSON.parse(r.result.value);
    },
    /** Starts the V8 CPU profiler in the service (one sample every `intervalUs` µs). */
    async startProfile(intervalUs = 1000) {
      await call('Profiler.enable');
      await call('Profiler.setSamplingInterval', { interval: intervalUs });
      await call('Profiler.start');
    },
    /** Stops the profiler: the profile as a .cpuprofile object (scripts/bench/profile-summary.mjs reads it). */
    async stopProfile() {
      return (await call('Profiler.stop')).profile;
    },
    close: () => ws.close(),
  };
}
