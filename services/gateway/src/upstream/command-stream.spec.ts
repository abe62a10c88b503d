/**
 * The gateway's command stream to one engine replica (docs/hot-path.md "Commands on an open stream") against a
 * real grpc-js server over TCP serving GameCommandService from the shipped game.proto, through the Nest client
 * proxy the gateway uses: answers matched by seq, errors decoded as a unary call's, a deadline or a broken stream
 * failing as unavailable (so that the command is sent again by id), a new stream after a restart, and a refused
 * stream passed on.
 */
import { loadPackageDefinition, Server, ServerCredentials, status, type ServerDuplexStream } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { ClientProxyFactory, type ClientGrpcProxy } from '@nestjs/microservices';
import { protoFile, type gameV1 } from '@nightfall/contracts';
import { callerAuthInterceptor, grpcClientOptions, GrpcStatus, isUnavailable, PROTO_LOADER_OPTIONS, RemoteError } from '@nightfall/server-kit';
import { CommandStream } from './command-stream.js';

type Call = ServerDuplexStream<gameV1.ExecuteCommandsRequest, gameV1.ExecuteCommandsResponse>;

const def = loadSync(protoFile('game'), PROTO_LOADER_OPTIONS);
const service = (loadPackageDefinition(def) as unknown as { nightfall: { game: { v1: { GameCommandService: { service: never } } } } }).nightfall.game.v1.GameCommandService.service;
const WRONG_PHASE = { code: 'WRONG_PHASE', title: 'Error', message: 'Not now.' };
const PLAYER_NOT_FOUND = { code: 'PLAYER_NOT_FOUND', title: 'Error', message: 'Player not found' };

/** Sends one outcome as its own message. */
const answer = (call: Call, outcome: gameV1.CommandOutcome) => call.write({ outcomes: [outcome] });

/** A fake engine: answers by the command's action; `held` keeps the commands it was told to hold. */
class FakeEngine {
  server!: Server;
  streams = 0;
  readonly held: Array<{ call: Call; seq: number }> = [];
  /** The number of commands in each message received. */
  readonly batches: number[] = [];

  async start(port = 0, accepted?: Array<{ caller: string; token: string }>): Promise<number> {
    this.server = new Server(accepted ? { interceptors: [callerAuthInterceptor(accepted)] } : {});
    this.server.addService(service, {
      executeCommands: (call: Call) => {
        this.streams++;
        call.on('error', () => undefined);
        call.on('data', (msg: gameV1.ExecuteCommandsRequest) => {
          this.batches.push(msg.commands.length);
          for (const m of msg.commands) {
            if (m.openGameView) {
              const denied = m.openGameView.viewerUserId === 'stranger';
              if (denied) answer(call, { seq: m.seq, errorCode: status.PERMISSION_DENIED, errorDetails: JSON.stringify(PLAYER_NOT_FOUND) });
              else answer(call, { seq: m.seq, snapshot: { gameId: m.openGameView.gameId, version: 7, snapshotJson: '{}' }, errorCode: 0, errorDetails: '' });
              continue;
            }
            if (m.updatePresence) {
              answer(call, { seq: m.seq, presence: { version: 8 + m.updatePresence.delta }, errorCode: 0, errorDetails: '' });
              continue;
            }
            const action = m.command?.action;
            if (action === 'hold') this.held.push({ call, seq: m.seq });
            else if (action === 'refuse') answer(call, { seq: m.seq, response: undefined, errorCode: status.FAILED_PRECONDITION, errorDetails: JSON.stringify(WRONG_PHASE) });
            else answer(call, { seq: m.seq, response: { version: Number(m.command?.dataJson), noticeJson: '' }, errorCode: 0, errorDetails: '' });
          }
        });
      },
    });
    return new Promise<number>((resolve, reject) => this.server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  }
}

describe('CommandStream (real grpc-js server)', () => {
  const proxies: ClientGrpcProxy[] = [];
  const engines: FakeEngine[] = [];
  afterAll(() => {
    for (const p of proxies) p.close();
    for (const e of engines) e.server.forceShutdown();
  });

  const engine = async (port = 0, accepted?: Array<{ caller: string; token: string }>) => {
    const e = new FakeEngine();
    engines.push(e);
    return { e, port: await e.start(port, accepted) };
  };
  const stream = (port: number, timeoutMs = 2000, token?: string) => {
    const proxy = ClientProxyFactory.create(grpcClientOptions('test', 'game', `127.0.0.1:${port}`, { callerToken: token }) as never) as ClientGrpcProxy;
    proxies.push(proxy);
    return new CommandStream(proxy, timeoutMs);
  };
  const cmd = (action: string, version = 0): gameV1.ExecuteCommandRequest => ({ gameId: 'g', userId: 'u', action, dataJson: String(version), commandId: `c-${action}-${version}` });
  const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as RemoteError);

  it('sends every command on one stream and gives each its own answer, whatever their order', async () => {
    const { e, port } = await engine();
    const s = stream(port);
    const held = s.execute(cmd('hold'));
    const answers = await Promise.all([s.execute(cmd('echo', 1)), s.execute(cmd('echo', 2)), s.execute(cmd('echo', 3))]);
    expect(answers.map((a) => a.version)).toEqual([1, 2, 3]);
    // the four commands of one turn went as one message
    expect(e.batches).toEqual([4]);
    // the held command is answered last, with its own seq
    const h = e.held.pop()!;
    answer(h.call, { seq: h.seq, response: { version: 42, noticeJson: '' }, errorCode: 0, errorDetails: '' });
    expect((await held).version).toBe(42);
    expect(e.streams).toBe(1);
    s.close();
  });

  it('sends socket joins and presence changes on the same stream, answered as OpenGameView and UpdatePresence', async () => {
    const { e, port } = await engine();
    const s = stream(port);
    const open = (viewerUserId: string) => s.openGameView({ gameId: 'g', viewerUserId, adminViewer: undefined, connect: true, gatewayId: 'gw' });
    const [joined, denied, left, moved] = await Promise.all([
      open('u'),
      failure(open('stranger')),
      s.updatePresence({ gameId: 'g', userId: 'u', delta: -1, gatewayId: 'gw' }),
      s.execute(cmd('echo', 4)),
    ]);
    expect(joined).toMatchObject({ gameId: 'g', version: 7, snapshotJson: '{}' });
    expect(denied).toBeInstanceOf(RemoteError);
    expect(denied!.status).toBe(GrpcStatus.PERMISSION_DENIED);
    expect(denied!.body).toEqual(PLAYER_NOT_FOUND);
    expect(left.version).toBe(7);
    expect(moved.version).toBe(4);
    // all four in one message on one stream
    expect(e.batches).toEqual([4]);
    expect(e.streams).toBe(1);
    s.close();
  });

  it("rejects a refused command with the engine's ErrorBody, as a unary call would", async () => {
    const { port } = await engine();
    const s = stream(port);
    const err = await failure(s.execute(cmd('refuse')));
    expect(err).toBeInstanceOf(RemoteError);
    expect(err!.status).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(err!.body).toEqual(WRONG_PHASE);
    expect((await s.execute(cmd('echo', 5))).version).toBe(5);
    s.close();
  });

  it('fails a command unanswered by its deadline as unavailable, ignores its late answer, and keeps the stream', async () => {
    const { e, port } = await engine();
    const s = stream(port, 200);
    const err = await failure(s.execute(cmd('hold')));
    expect(isUnavailable(err)).toBe(true);
    const h = e.held.pop()!;
    answer(h.call, { seq: h.seq, response: { version: 9, noticeJson: '' }, errorCode: 0, errorDetails: '' });
    expect((await s.execute(cmd('echo', 6))).version).toBe(6);
    expect(e.streams).toBe(1);
    s.close();
  });

  it('fails the commands waiting on a stream that broke as unavailable, and opens a new one for the next', async () => {
    const first = await engine();
    const s = stream(first.port, 5000);
    expect((await s.execute(cmd('echo', 1))).version).toBe(1);
    const waiting = [failure(s.execute(cmd('hold'))), failure(s.execute(cmd('hold')))];
    await new Promise((r) => setTimeout(r, 50));
    first.e.server.forceShutdown(); // the replica dies under them
    for (const err of await Promise.all(waiting)) expect(isUnavailable(err)).toBe(true);
    // the replica comes back on the same address: a command sent again, as the gateway does while the engine is
    // unavailable (the channel reconnects with backoff), goes on a new stream there
    const again = await engine(first.port);
    let answer: gameV1.ExecuteCommandResponse | null = null;
    for (let i = 0; i < 50 && !answer; i++) {
      answer = await s.execute(cmd('echo', 2)).catch(async (err: unknown) => {
        expect(isUnavailable(err)).toBe(true);
        await new Promise((r) => setTimeout(r, 100));
        return null;
      });
    }
    expect(answer?.version).toBe(2);
    expect(again.e.streams).toBe(1);
    s.close();
  });

  it('fails what waits when closed, and refuses what comes after', async () => {
    const { port } = await engine();
    const s = stream(port);
    const waiting = failure(s.execute(cmd('hold')));
    await new Promise((r) => setTimeout(r, 20));
    s.close();
    expect(isUnavailable(await waiting)).toBe(true);
    expect(isUnavailable(await failure(s.execute(cmd('echo', 1))))).toBe(true);
  });

  it('passes on a refusal of the stream itself (no accepted caller token) instead of retrying it as unavailable', async () => {
    const { port } = await engine(0, [{ caller: 'gateway', token: 'gw-token' }]);
    const refused = await failure(stream(port, 2000).execute(cmd('echo', 1)));
    expect(refused).toBeInstanceOf(RemoteError);
    expect(isUnavailable(refused)).toBe(false);
    expect((refused!.cause as { code?: number }).code).toBe(status.UNAUTHENTICATED);
    const s = stream(port, 2000, 'gw-token');
    expect((await s.execute(cmd('echo', 3))).version).toBe(3);
    s.close();
  });
});
