import { createHash, timingSafeEqual } from 'node:crypto';
import {
  Metadata,
  ServerListenerBuilder,
  ResponderBuilder,
  ServerInterceptingCall,
  status as GrpcStatus,
  type Interceptor,
  type InterceptingCall,
  type ServerInterceptor,
} from '@grpc/grpc-js';
import { InterceptingCall as ClientInterceptingCall } from '@grpc/grpc-js';
import { z } from 'zod';

/**
 * Caller identity on gRPC (docs/faults.md "Inside the cluster"): every service sends its own token in the
 * metadata of each call it makes, and a server whose environment lists the tokens of its callers refuses
 * any other call. The tokens come from the chart's Secret (one per service), so a pod that is not one of a
 * service's callers cannot call it even where the NetworkPolicy lets its packets through.
 */

/** Metadata key carrying the caller's token. */
export const CALLER_TOKEN_HEADER = 'nf-caller-token';

/** Shortest token accepted, characters (the chart generates 32). */
const TOKEN_MIN = 16;

/** `caller:token` pairs, comma-separated: the callers a server accepts. */
const callerTokenList = z
  .string()
  .transform((raw, ctx) => {
    const out: Array<{ caller: string; token: string }> = [];
    for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
      const at = part.indexOf(':');
      const caller = at > 0 ? part.slice(0, at) : '';
      const token = at > 0 ? part.slice(at + 1) : '';
      if (!/^[a-z][a-z0-9-]*$/.test(caller) || token.length < TOKEN_MIN) {
        ctx.addIssue({ code: 'custom', message: `must be caller:token pairs separated by commas, each token at least ${TOKEN_MIN} characters` });
        return z.NEVER;
      }
      out.push({ caller, token });
    }
    return out;
  });

/** Environment of caller identity, part of every service's env (`commonEnv`). */
export const grpcAuthEnv = {
  /** This service's token, sent with every gRPC call it makes. Unset: calls carry none (development). */
  GRPC_CALLER_TOKEN: z.string().min(TOKEN_MIN).optional(),
  /**
   * The callers this service's gRPC server accepts, `gateway:<token>,admin:<token>`. Unset: every call is
   * accepted (development, tests); the chart sets it for every service.
   */
  GRPC_CALLER_TOKENS: callerTokenList.optional(),
};

/** The parsed form of GRPC_CALLER_TOKENS. */
export type CallerTokens = Array<{ caller: string; token: string }>;

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Health checks (kubelet, the gateway's readiness) are answered without a token. */
const OPEN_PATHS = /^\/grpc\.health\.v1\.Health\//;

/**
 * A server interceptor that refuses calls without an accepted caller token with UNAUTHENTICATED, before the
 * handler runs (so a refused call changes nothing). The refusal's details are plain text, which a client
 * decodes as INTERNAL: a wrong deployment is a server fault, never a player's authentication error.
 * @param accepted the callers and their tokens (GRPC_CALLER_TOKENS)
 */
export function callerAuthInterceptor(accepted: CallerTokens): ServerInterceptor {
  const digests = accepted.map((a) => ({ caller: a.caller, digest: digest(a.token) }));
  return (methodDescriptor, call) => {
    if (OPEN_PATHS.test(methodDescriptor.path)) return new ServerInterceptingCall(call);
    let allowed = false;
    const listener = new ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        const token = metadata.get(CALLER_TOKEN_HEADER)[0];
        const d = typeof token === 'string' ? digest(token) : null;
        allowed = d !== null && digests.some((a) => timingSafeEqual(a.digest, d));
        metadata.remove(CALLER_TOKEN_HEADER);
        if (allowed) next(metadata);
        else call.sendStatus({ code: GrpcStatus.UNAUTHENTICATED, details: `gRPC caller not accepted by ${methodDescriptor.path}: missing or unknown ${CALLER_TOKEN_HEADER}` });
      })
      .withOnReceiveMessage((message, next) => {
        if (allowed) next(message);
      })
      .withOnReceiveHalfClose((next) => {
        if (allowed) next();
      })
      .build();
    return new ServerInterceptingCall(call, new ResponderBuilder().withStart((next) => next(listener)).build());
  };
}

/**
 * A client interceptor that adds this service's token to every call's metadata.
 * @param token GRPC_CALLER_TOKEN
 */
export function callerTokenInterceptor(token: string): Interceptor {
  return (options, nextCall): InterceptingCall =>
    new ClientInterceptingCall(nextCall(options), {
      start(metadata: Metadata, listener, next) {
        metadata.set(CALLER_TOKEN_HEADER, token);
        next(metadata, listener);
      },
    });
}
