import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { Metadata, type ServiceError } from '@grpc/grpc-js';
import { Transport, type ClientGrpc, type ClientProvider, type ClientProviderOptions, type ClientsProviderAsyncOptions, type GrpcOptions } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { PROTO_ROOT, protoFile, protoPackage, type ContractService } from '@nightfall/contracts';
import { callerAuthInterceptor, callerTokenInterceptor, type CallerTokens } from './grpc-auth.js';
import { decodeRpcError } from './rpc-error.js';
import { traceClientInterceptor } from './tracing.js';

/** proto-loader options shared by servers and clients (camelCase fields, as ts-proto generates); tests that load a contract with `loadSync` use them too. */
export const PROTO_LOADER_OPTIONS = { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_ROOT] };

/**
 * Largest gRPC message a server or client sends and receives, in bytes. Unset: gRPC's default of 4 MiB.
 * Only a contract that carries large payloads raises it (the theme service's packs: up to 50 MB).
 */
export interface GrpcMessageLimit {
  maxMessageBytes?: number;
}

/** Caller identity of a gRPC server or client (docs/faults.md "Inside the cluster"; see grpc-auth.ts). */
export interface GrpcCallerAuth {
  /** Server: the callers it accepts (GRPC_CALLER_TOKENS); unset accepts every call. */
  acceptedCallers?: CallerTokens;
  /** Client: the token sent with every call (GRPC_CALLER_TOKEN); unset sends none. */
  callerToken?: string;
}

/**
 * grpc-js channel and server options every service uses. Channelz (gRPC's live introspection service, which no
 * Nightfall process exposes) is off: with it on, grpc-js keeps call counters and timestamps for every call and
 * message, work that no one reads (docs/hot-path.md "What a gRPC call costs").
 */
const GRPC_JS_OPTIONS = { 'grpc.enable_channelz': 0 } as const;

/** Nest's send/receive limits for a {@link GrpcMessageLimit} (nothing when unset). */
function messageLimits(limit: GrpcMessageLimit): Record<string, number> {
  return limit.maxMessageBytes ? { maxSendMessageLength: limit.maxMessageBytes, maxReceiveMessageLength: limit.maxMessageBytes } : {};
}

/**
 * gRPC server options for a service, with the standard `grpc.health.v1.Health` service attached.
 * @param service contract name (identity, billing, game)
 * @param url listen address `host:port`
 * @param health the HealthImplementation whose status the service sets ('' = overall)
 * @param limit message size limit (default gRPC's 4 MiB) and the accepted callers (default: every call)
 */
export function grpcServerOptions(service: ContractService, url: string, health: HealthImplementation, limit: GrpcMessageLimit & GrpcCallerAuth = {}): GrpcOptions {
  return {
    transport: Transport.GRPC,
    options: {
      url,
      package: [protoPackage(service)],
      protoPath: [protoFile(service)],
      loader: PROTO_LOADER_OPTIONS,
      ...messageLimits(limit),
      // grpc-js server options: calls without an accepted caller token are refused before any handler
      channelOptions: { ...GRPC_JS_OPTIONS, ...(limit.acceptedCallers ? { interceptors: [callerAuthInterceptor(limit.acceptedCallers)] } : {}) },
      onLoadPackageDefinition: (_pkg: unknown, server: unknown) => {
        health.addToServer(server as Parameters<HealthImplementation['addToServer']>[0]);
      },
    },
  } as GrpcOptions;
}

/** A health implementation that reports SERVING for '' and the service's full name once ready. */
export function createGrpcHealth(service: ContractService): HealthImplementation {
  const serviceName = `${protoPackage(service)}.${service[0]!.toUpperCase()}${service.slice(1)}Service`;
  return new HealthImplementation({ '': 'NOT_SERVING', [serviceName]: 'NOT_SERVING' });
}

/** Marks every registered service name SERVING (call after the app has started). */
export function markServing(health: HealthImplementation, service: ContractService): void {
  const serviceName = `${protoPackage(service)}.${service[0]!.toUpperCase()}${service.slice(1)}Service`;
  health.setStatus('', 'SERVING');
  health.setStatus(serviceName, 'SERVING');
}

/**
 * Client registration for `ClientsModule.register([...])`.
 * @param name injection token
 * @param service contract name
 * @param url target `host:port`, `dns:///host:port` or `ipv4:a:port,b:port` (from the environment)
 * @param limit message size limit (default gRPC's 4 MiB) and the token this service sends (default none)
 */
export function grpcClientOptions(name: string, service: ContractService, url: string, limit: GrpcMessageLimit & GrpcCallerAuth = {}): ClientProviderOptions {
  return {
    name,
    transport: Transport.GRPC,
    options: {
      url,
      package: protoPackage(service),
      protoPath: protoFile(service),
      loader: PROTO_LOADER_OPTIONS,
      ...messageLimits(limit),
      // Spread calls over every resolved address (dns:/// headless Service or ipv4:a,b): HTTP/2
      // connections are long-lived, so without this one replica would get all of a gateway's calls.
      // Reads that change nothing wait for a ready connection and are retried on UNAVAILABLE.
      // Every call carries the caller's traceparent and x-request-id (docs/architecture.md "Metrics and traces"),
      // and this service's caller token when it has one (docs/faults.md "Who may call a gRPC service").
      channelOptions: {
        ...GRPC_JS_OPTIONS,
        'grpc.service_config': JSON.stringify(serviceConfig(service)),
        interceptors: [traceClientInterceptor, ...(limit.callerToken ? [callerTokenInterceptor(limit.callerToken)] : [])],
      },
    },
  } as ClientProviderOptions;
}

/** A unary method of a grpc-js client as proto-loader makes it (`request, metadata, options, callback`). */
type RawUnary = (request: unknown, metadata: Metadata, options: { deadline: number }, callback: (err: ServiceError | null, res?: unknown) => void) => unknown;

/**
 * One unary call straight on the grpc-js client behind a Nest gRPC client proxy, without the proxy's rxjs
 * Observable and timeout operator (the game's hot calls; docs/hot-path.md "Leaner calls"). The channel is the
 * proxy's own: its interceptors (trace context, caller token) and service config apply as for any call.
 * @param proxy a Nest `ClientGrpc` made from {@link grpcClientOptions}
 * @param serviceName the service as in the .proto (`GameService`)
 * @param method the RPC in ts-proto's camelCase (`executeCommand`)
 * @param timeoutMs the call's deadline, ms
 * @throws RemoteError ({@link decodeRpcError}): the service's ErrorBody, or SERVICE_UNAVAILABLE (also when the
 *   deadline passes)
 */
export function unaryCall<Res>(proxy: ClientGrpc, serviceName: string, method: string, request: object, timeoutMs: number): Promise<Res> {
  const client = proxy.getClientByServiceName<Record<string, RawUnary>>(serviceName);
  return new Promise<Res>((resolve, reject) => {
    client[method]!(request, new Metadata(), { deadline: Date.now() + timeoutMs }, (err, res) => (err ? reject(decodeRpcError(err)) : resolve(res as Res)));
  });
}

/**
 * The promise form of a ts-proto Nest client interface: every unary RPC `(request, timeoutMs?) => Promise<response>`
 * instead of an rxjs Observable (see {@link unaryClient}).
 */
export type UnaryClient<C> = {
  [K in keyof C]: C[K] extends (request: infer Req, ...rest: never[]) => Observable<infer Res> ? (request: Req, timeoutMs?: number) => Promise<Res> : never;
};

/**
 * A typed client whose every call is {@link unaryCall} on the proxy's channel: no rxjs Observable, `timeout`
 * operator or Nest wrapper per call (docs/hot-path.md "Every gateway call straight on grpc-js"); the channel's
 * interceptors and service config (retries of read-only RPCs) apply as before.
 * @param proxy a Nest `ClientGrpc` made from {@link grpcClientOptions}
 * @param serviceName the service as in the .proto (`IdentityService`)
 * @param timeoutMs each call's deadline in ms unless the call names its own
 * @returns an object with one function per RPC, made on first use; each rejects with a RemoteError
 *   ({@link decodeRpcError}): the service's ErrorBody, or SERVICE_UNAVAILABLE (also when the deadline passes)
 */
export function unaryClient<C>(proxy: ClientGrpc, serviceName: string, timeoutMs: number): UnaryClient<C> {
  const methods = new Map<string, (request: object, ms?: number) => Promise<unknown>>();
  return new Proxy({} as UnaryClient<C>, {
    get(_target, method) {
      if (typeof method !== 'string') return undefined;
      let call = methods.get(method);
      if (!call) {
        call = (request: object, ms: number = timeoutMs) => unaryCall(proxy, serviceName, method, request, ms);
        methods.set(method, call);
      }
      return call;
    },
  });
}

/** RPCs that only read (by their name's verb): safe to send again. */
const READ_ONLY_RPC = /^(Get|List|Find|Search|Validate|Resolve)[A-Z]/;

/**
 * The client's gRPC service config (docs/faults.md "Retries"): round-robin over every address, and for the
 * service's read-only RPCs ({@link READ_ONLY_RPC}, read from its .proto) `waitForReady` (a call waits for a
 * connection instead of failing at once while a replica restarts; the caller's deadline still holds) and up to
 * 3 attempts on UNAVAILABLE with backoff 100 ms to 1 s. Commands are never retried here: the gateway retries
 * the ones that carry a command id (docs/faults.md "Commands applied once").
 * @returns a `grpc.service_config` object
 */
export function serviceConfig(service: ContractService): object {
  const proto = readFileSync(join(PROTO_ROOT, protoFile(service)), 'utf8');
  const reads = [...proto.matchAll(/^\s*rpc\s+(\w+)\s*\(/gm)].map((m) => m[1]!).filter((name) => READ_ONLY_RPC.test(name));
  return {
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig:
      reads.length === 0
        ? []
        : [
            {
              name: reads.map((method) => ({ service: `${protoPackage(service)}.${service[0]!.toUpperCase()}${service.slice(1)}Service`, method })),
              waitForReady: true,
              retryPolicy: { maxAttempts: 3, initialBackoff: '0.1s', maxBackoff: '1s', backoffMultiplier: 2, retryableStatusCodes: ['UNAVAILABLE'] },
            },
          ],
  };
}

/**
 * An async `ClientsModule.registerAsync([...])` entry whose target is read from the service's validated
 * environment, injected by its token (see `envModule`).
 * @param name injection token of the client
 * @param service contract name
 * @param envToken the service's env token
 * @param target picks the target (`host:port`, `dns:///...`, `ipv4:...`) from the env
 * @param limit message size limit (default gRPC's 4 MiB); the caller token is the env's GRPC_CALLER_TOKEN
 */
export function grpcClientFromEnv<E>(
  name: string,
  service: ContractService,
  envToken: symbol,
  target: (env: E) => string,
  limit: GrpcMessageLimit = {},
): ClientsProviderAsyncOptions {
  return {
    name,
    inject: [envToken],
    useFactory: (env: E): ClientProvider => {
      const callerToken = (env as { GRPC_CALLER_TOKEN?: string }).GRPC_CALLER_TOKEN;
      const { name: _name, ...options } = grpcClientOptions(name, service, target(env), { ...limit, callerToken });
      return options as ClientProvider;
    },
  };
}

export { HealthImplementation, healthProtoPath };
