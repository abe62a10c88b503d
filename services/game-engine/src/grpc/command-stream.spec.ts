/**
 * The engine's side of the gateways' command stream (docs/hot-path.md "Commands on an open stream") on a real
 * grpc-js server and client over TCP, loaded from the shipped game.proto: every message answered with its seq as
 * it settles, errors answered as a unary ExecuteCommand would be, a half-close answered before the stream ends,
 * each command counted as one served ExecuteCommand, and a socket's join and presence change run and counted as
 * OpenGameView and UpdatePresence.
 */
import { credentials, loadPackageDefinition, Metadata, Server, ServerCredentials, status, type Client, type ClientDuplexStream, type ServerDuplexStream } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile, type gameV1 } from '@nightfall/contracts';
import { metricsRegistry, PROTO_LOADER_OPTIONS, rpcError } from '@nightfall/server-kit';
import { serveCommandStream, type StreamedCalls } from './command-stream.js';

type Stream = ClientDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>;
type Ctor = new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => Client & { executeCommands(md: Metadata): Stream };

const def = loadSync(protoFile('game'), PROTO_LOADER_OPTIONS);
const pkg = loadPackageDefinition(def) as unknown as { nightfall: { game: { v1: { GameCommandService: Ctor & { service: never } } } } };
const Service = pkg.nightfall.game.v1.GameCommandService;

/** What the test's `execute` does with a command, by its action. */
const behaviours: Record<string, (req: gameV1.ExecuteCommandRequest) => Promise<gameV1.ExecuteCommandResponse>> = {
  fast: async () => ({ version: 1, noticeJson: '' }),
  slow: () => new Promise((r) => setTimeout(() => r({ version: 2, noticeJson: '{"code":"bot_added"}' }), 150)),
  refused: () => Promise.reject(rpcError(status.FAILED_PRECONDITION, { code: 'WRONG_PHASE', title: 'Error', message: 'Not now.' })),
  broken: () => Promise.reject(new Error('a bug')),
};

/** The handlers the test's streams run: commands by their action; a join of 'stranger' refused as OpenGameView would be. */
const calls: StreamedCalls = {
  executeCommand: (req) => behaviours[req.action]!(req),
  openGameView: async (req) => {
    if (req.viewerUserId === 'stranger') throw rpcError(status.PERMISSION_DENIED, { code: 'PLAYER_NOT_FOUND', title: 'Error', message: 'Player not found' });
    return { gameId: req.gameId, version: 5, snapshotJson: '{"phase":"lobby"}' };
  },
  updatePresence: async () => ({ version: 6 }),
};

describe('serveCommandStream (real grpc-js server and client)', () => {
  let server: Server;
  let client: InstanceType<Ctor>;
  let streams = 0;
  let ended = 0;

  beforeAll(async () => {
    server = new Server();
    server.addService(Service.service, {
      executeCommands: (call: ServerDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>) => {
        streams++;
        void serveCommandStream(call, calls).then(() => ended++);
      },
    });
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    client = new Service(`127.0.0.1:${port}`, credentials.createInsecure());
  });
  afterAll(() => {
    client?.close();
    server?.forceShutdown();
  });

  const command = (seq: number, action: string): gameV1.StreamedCommand => ({
    seq,
    command: { gameId: 'g', userId: 'u', action, dataJson: '{}', commandId: `c${seq}` },
    traceparent: '',
    requestId: '',
  });
  /** The first `n` outcomes the stream brings, and how many messages carried them. */
  const answers = (stream: Stream, n: number) =>
    new Promise<gameV1.CommandOutcome[] & { messages?: number }>((resolve) => {
      const got: gameV1.CommandOutcome[] & { messages?: number } = [];
      got.messages = 0;
      stream.on('data', (msg: gameV1.ExecuteCommandsResponse) => {
        got.messages!++;
        got.push(...msg.outcomes);
        if (got.length >= n) resolve(got);
      });
    });
  const served = async (code: string, method = 'ExecuteCommand') =>
    (await metricsRegistry.getSingleMetric('nightfall_grpc_server_handled_total')?.get())?.values.find((v) => v.labels.method === method && v.labels.code === code)?.value ?? 0;

  it('answers each command with its own seq as soon as it settles, running them at once (one stream for all)', async () => {
    const before = streams;
    const stream = client.executeCommands(new Metadata());
    stream.on('error', () => undefined);
    const got = answers(stream, 3);
    stream.write({ commands: [command(1, 'slow'), command(2, 'fast'), command(3, 'fast')] });
    const out = await got;
    // the slow first command did not hold back the two after it
    expect(out.map((o) => o.seq)).toEqual([2, 3, 1]);
    // proto-loader names the oneof member that is set (`result`)
    expect(out[2]).toEqual({ seq: 1, result: 'response', response: { version: 2, noticeJson: '{"code":"bot_added"}' }, errorCode: 0, errorDetails: '' });
    // the two fast outcomes were ready in one turn: one message; the slow one came in its own
    expect(out.messages).toBe(2);
    expect(streams - before).toBe(1);
    stream.cancel();
  });

  it("answers a refused command with the unary call's status and ErrorBody, and a bug with UNKNOWN, counting both", async () => {
    const refusedBefore = await served('FAILED_PRECONDITION');
    const unknownBefore = await served('UNKNOWN');
    const okBefore = await served('OK');
    const stream = client.executeCommands(new Metadata());
    stream.on('error', () => undefined);
    const got = answers(stream, 3);
    stream.write({ commands: [command(7, 'refused'), command(8, 'broken'), command(9, 'fast')] });
    const bySeq = new Map((await got).map((o) => [o.seq, o]));
    // a refusal sets no result
    expect(bySeq.get(7)).toEqual({ seq: 7, errorCode: status.FAILED_PRECONDITION, errorDetails: JSON.stringify({ code: 'WRONG_PHASE', title: 'Error', message: 'Not now.' }) });
    expect(bySeq.get(8)).toMatchObject({ errorCode: status.UNKNOWN, errorDetails: 'Internal server error' });
    expect(bySeq.get(9)?.response?.version).toBe(1);
    expect((await served('FAILED_PRECONDITION')) - refusedBefore).toBe(1);
    expect((await served('UNKNOWN')) - unknownBefore).toBe(1);
    expect((await served('OK')) - okBefore).toBe(1);
    stream.cancel();
  });

  it('runs a socket join and a presence change as OpenGameView and UpdatePresence, counted under those methods', async () => {
    const before = { open: await served('OK', 'OpenGameView'), denied: await served('PERMISSION_DENIED', 'OpenGameView'), presence: await served('OK', 'UpdatePresence') };
    const stream = client.executeCommands(new Metadata());
    stream.on('error', () => undefined);
    const got = answers(stream, 4);
    const call = (seq: number, c: Partial<gameV1.StreamedCommand>): gameV1.StreamedCommand => ({ seq, traceparent: '', requestId: '', ...c });
    stream.write({
      commands: [
        call(21, { openGameView: { gameId: 'g', viewerUserId: 'u', adminViewer: false, connect: true, gatewayId: 'gw' } }),
        call(22, { openGameView: { gameId: 'g', viewerUserId: 'stranger', adminViewer: undefined, connect: true, gatewayId: 'gw' } }),
        call(23, { updatePresence: { gameId: 'g', userId: 'u', delta: -1, gatewayId: 'gw' } }),
        command(24, 'fast'),
      ],
    });
    const bySeq = new Map((await got).map((o) => [o.seq, o]));
    expect(bySeq.get(21)).toMatchObject({ snapshot: { gameId: 'g', version: 5, snapshotJson: '{"phase":"lobby"}' }, errorCode: 0 });
    expect(bySeq.get(22)).toMatchObject({ errorCode: status.PERMISSION_DENIED, errorDetails: JSON.stringify({ code: 'PLAYER_NOT_FOUND', title: 'Error', message: 'Player not found' }) });
    expect(bySeq.get(22)?.snapshot ?? null).toBeNull();
    expect(bySeq.get(23)).toMatchObject({ presence: { version: 6 }, errorCode: 0 });
    expect(bySeq.get(24)).toMatchObject({ response: { version: 1 }, errorCode: 0 });
    expect((await served('OK', 'OpenGameView')) - before.open).toBe(1);
    expect((await served('PERMISSION_DENIED', 'OpenGameView')) - before.denied).toBe(1);
    expect((await served('OK', 'UpdatePresence')) - before.presence).toBe(1);
    stream.cancel();
  });

  it('answers the commands still running when the gateway half-closes, then ends the stream with OK', async () => {
    const stream = client.executeCommands(new Metadata());
    const got = answers(stream, 1);
    const end = new Promise<number>((resolve) => stream.on('status', (s: { code: number }) => resolve(s.code)));
    stream.write({ commands: [command(11, 'slow')] });
    stream.end();
    expect((await got)[0]!.response?.version).toBe(2);
    expect(await end).toBe(status.OK);
    await new Promise((r) => setTimeout(r, 50));
    // every stream served is over: this one ended, the earlier ones were cancelled
    expect(ended).toBe(streams);
  });
});
