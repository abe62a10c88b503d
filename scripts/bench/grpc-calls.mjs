// What one gRPC round trip costs in CPU on this machine, with @grpc/grpc-js as the services use it: a unary call
// with grpc-js's defaults, a unary call with channelz off (as libs/server-kit sets it), and one message each way on
// an open bidirectional stream. Client and server run in this one process, so each figure is the CPU of both
// sides (user + system, process.cpuUsage) divided by the round trips. Two AsyncLocalStorage stores are active, as
// in the gateway (trace context and message outcome). Each kind runs `--rounds` times, the kinds alternating, so a
// drift of the machine touches them all alike.
// Usage: node scripts/bench/grpc-calls.mjs [--calls N] [--rounds R] [--bytes B]
// (docs/hot-path.md "What a gRPC call costs"; not part of `npm run bench`'s default run)
import { AsyncLocalStorage } from 'node:async_hooks';
import { parseArgs } from 'node:util';
import * as grpc from '@grpc/grpc-js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '3' }, bytes: { type: 'string', default: '200' } } });
const calls = Number(values.calls);
const rounds = Number(values.rounds);
const bytes = Number(values.bytes);
if (!(calls > 0 && rounds > 0 && bytes >= 0)) throw new Error('--calls, --rounds and --bytes must be positive numbers');

const identity = (b) => b;
const method = (path, stream) => ({ path, requestStream: stream, responseStream: stream, requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity });
const service = { echo: method('/bench.Echo/Echo', false), chat: method('/bench.Echo/Chat', true) };

new AsyncLocalStorage().enterWith({ traceId: 'bench' });
new AsyncLocalStorage().enterWith({ outcome: 'ok' });

/** A server with the echo service; resolves with its port. */
async function startServer(options) {
  const server = new grpc.Server(options);
  server.addService(service, {
    echo: (call, callback) => callback(null, call.request),
    chat: (call) => {
      call.on('data', (m) => call.write(m));
      call.on('end', () => call.end());
    },
  });
  const port = await new Promise((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  return { server, port };
}

const Client = grpc.makeGenericClientConstructor(service, 'Echo');
const payload = Buffer.alloc(bytes, 1);

/** Runs `n` round trips, 10 in flight at a time; returns CPU µs per round trip. */
async function measure(roundTrip, n) {
  for (let i = 0; i < 2000; i++) await roundTrip(); // warm-up: V8's optimised code and the connection
  const before = process.cpuUsage();
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: 10 }, roundTrip));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

/** Unary calls on a server and a client made with grpc-js `options`; returns CPU µs per call. */
async function unary(options, n) {
  const { server, port } = await startServer(options);
  const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), options);
  const us = await measure(() => new Promise((resolve, reject) => client.echo(payload, (e, r) => (e ? reject(e) : resolve(r)))), n);
  client.close();
  server.forceShutdown();
  return us;
}

const kinds = {
  'unary call, grpc-js defaults': (n) => unary({}, n),
  'unary call, channelz off': (n) => unary({ 'grpc.enable_channelz': 0 }, n),
  'message on an open stream, channelz off': async (n) => {
    const off = { 'grpc.enable_channelz': 0 };
    const { server, port } = await startServer(off);
    const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), off);
    const stream = client.chat();
    const waiting = [];
    stream.on('data', () => waiting.shift()());
    const us = await measure(() => new Promise((resolve) => {
      waiting.push(resolve);
      stream.write(payload);
    }), n);
    stream.end();
    client.close();
    server.forceShutdown();
    return us;
  },
};

const results = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) for (const [name, run] of Object.entries(kinds)) results[name].push(await run(calls));

console.log(`gRPC round trips on this machine: ${calls} per run, ${bytes}-byte messages, 10 in flight, ${rounds} runs per kind (alternating);`);
console.log('CPU of client and server together, µs per round trip:');
const width = Math.max(...Object.keys(results).map((k) => k.length));
for (const [name, list] of Object.entries(results)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`  ${name.padEnd(width)}  median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)}  (runs ${list.map((x) => x.toFixed(1)).join(' / ')})`);
}
process.exit(0);
