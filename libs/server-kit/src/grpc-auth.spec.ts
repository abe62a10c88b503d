import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { callerAuthInterceptor, callerTokenInterceptor, grpcAuthEnv } from './grpc-auth.js';
import { z } from 'zod';

/** A unary method at `path` with raw byte messages, so the test needs no .proto. */
const rawMethod = (path: string) => ({
  path,
  requestStream: false,
  responseStream: false,
  requestSerialize: (b: Buffer) => b,
  requestDeserialize: (b: Buffer) => b,
  responseSerialize: (b: Buffer) => b,
  responseDeserialize: (b: Buffer) => b,
});
const ECHO = { echo: rawMethod('/test.Echo/Echo') };
const EchoClient = grpc.makeGenericClientConstructor(ECHO as unknown as grpc.ServiceDefinition, 'Echo');

const GATEWAY = 'gateway-token-0123456789abcdef';
const ADMIN = 'admin-token-0123456789abcdefgh';

describe('caller identity on gRPC (docs/faults.md "Inside the cluster"), real grpc-js server and clients on loopback', () => {
  let server: grpc.Server;
  let target: string;
  let handled = 0;
  const clients: grpc.Client[] = [];

  beforeAll(async () => {
    server = new grpc.Server({ interceptors: [callerAuthInterceptor([{ caller: 'gateway', token: GATEWAY }])] });
    server.addService(ECHO as unknown as grpc.ServiceDefinition, {
      echo: (call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => {
        handled++;
        // the token never reaches the handler
        cb(null, Buffer.from(String(call.metadata.get('nf-caller-token').length)));
      },
    });
    new HealthImplementation({ '': 'SERVING' }).addToServer(server);
    const port = await new Promise<number>((res, rej) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? rej(e) : res(p))));
    target = `127.0.0.1:${port}`;
  });
  afterAll(() => {
    for (const c of clients) c.close();
    server.forceShutdown();
  });

  const echo = (token?: string): Promise<{ code: number; body?: string }> => {
    const client = new EchoClient(target, grpc.credentials.createInsecure(), token ? { interceptors: [callerTokenInterceptor(token)] } : {});
    clients.push(client);
    return new Promise((res) =>
      (client as unknown as { echo: (req: Buffer, cb: (err: grpc.ServiceError | null, out?: Buffer) => void) => void }).echo(Buffer.from('hi'), (err, out) =>
        res(err ? { code: err.code } : { code: grpc.status.OK, body: out!.toString() }),
      ),
    );
  };

  it("runs an accepted caller's call, with the token removed from the metadata the handler sees", async () => {
    const before = handled;
    expect(await echo(GATEWAY)).toEqual({ code: grpc.status.OK, body: '0' });
    expect(handled).toBe(before + 1);
  });

  it('refuses a call without a token, or with a token the server does not accept, before the handler runs', async () => {
    const before = handled;
    expect(await echo()).toEqual({ code: grpc.status.UNAUTHENTICATED });
    expect(await echo(ADMIN)).toEqual({ code: grpc.status.UNAUTHENTICATED });
    expect(await echo(GATEWAY.slice(0, -1) + 'X')).toEqual({ code: grpc.status.UNAUTHENTICATED });
    expect(handled).toBe(before);
  });

  it('answers health checks without a token (kubelet probes, readiness)', async () => {
    const Health = grpc.makeGenericClientConstructor(
      { check: rawMethod('/grpc.health.v1.Health/Check') } as unknown as grpc.ServiceDefinition,
      'Health',
    );
    const client = new Health(target, grpc.credentials.createInsecure());
    clients.push(client);
    const out = await new Promise<Buffer>((res, rej) =>
      (client as unknown as { check: (req: Buffer, cb: (err: Error | null, out?: Buffer) => void) => void }).check(Buffer.alloc(0), (e, o) => (e ? rej(e) : res(o!))),
    );
    // HealthCheckResponse {status: SERVING (1)} = field 1, varint 1
    expect([...out]).toEqual([0x08, 0x01]);
  });

  it('parses GRPC_CALLER_TOKENS and refuses short tokens or malformed pairs at boot', () => {
    const schema = z.object(grpcAuthEnv);
    expect(schema.parse({ GRPC_CALLER_TOKENS: `gateway:${GATEWAY}, admin:${ADMIN}` }).GRPC_CALLER_TOKENS).toEqual([
      { caller: 'gateway', token: GATEWAY },
      { caller: 'admin', token: ADMIN },
    ]);
    expect(schema.safeParse({ GRPC_CALLER_TOKENS: 'gateway:short' }).success).toBe(false);
    expect(schema.safeParse({ GRPC_CALLER_TOKENS: GATEWAY }).success).toBe(false);
    expect(schema.safeParse({ GRPC_CALLER_TOKEN: 'short' }).success).toBe(false);
    expect(schema.parse({}).GRPC_CALLER_TOKENS).toBeUndefined();
  });
});
