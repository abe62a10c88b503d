import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';

/** An error as the spec shows it: stable code, toast title and message (spec 000 section 8, spec 001 section 8). */
export interface AppErrorBody {
  code: string;
  title: string;
  message: string;
}

/**
 * Builds the RpcException a gRPC handler throws: gRPC status plus the error body as JSON in `details`.
 * @param grpcStatus a `@grpc/grpc-js` status code (INVALID_ARGUMENT, NOT_FOUND...)
 */
export function rpcError(grpcStatus: GrpcStatus, body: AppErrorBody): RpcException {
  return new RpcException({ code: grpcStatus, message: JSON.stringify(body) });
}

/** An error received from a gRPC call, decoded. `status` is the gRPC status code. */
export class RemoteError extends Error {
  constructor(
    readonly status: GrpcStatus,
    readonly body: AppErrorBody,
  ) {
    super(body.message);
    this.name = 'RemoteError';
  }
}

/**
 * Decodes an error thrown by a gRPC client call into a RemoteError. Errors without a JSON body
 * (service down, deadline) become code UPSTREAM_UNAVAILABLE with a generic message.
 */
export function decodeRpcError(err: unknown): RemoteError {
  const e = err as { code?: number; details?: string; message?: string };
  const status = typeof e?.code === 'number' ? (e.code as GrpcStatus) : GrpcStatus.UNKNOWN;
  if (typeof e?.details === 'string') {
    try {
      const body = JSON.parse(e.details) as AppErrorBody;
      if (body && typeof body.code === 'string') return new RemoteError(status, body);
    } catch {
      /* not ours */
    }
  }
  return new RemoteError(status, {
    code: status === GrpcStatus.UNAVAILABLE ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_ERROR',
    title: 'Error',
    message: 'The service is temporarily unavailable. Please try again.',
  });
}

/** HTTP status for a gRPC status (used by the gateway). */
export function httpStatusOf(status: GrpcStatus): number {
  switch (status) {
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.OUT_OF_RANGE:
      return 400;
    case GrpcStatus.UNAUTHENTICATED:
      return 401;
    case GrpcStatus.PERMISSION_DENIED:
      return 403;
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return 409;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 429;
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 503;
    default:
      return 500;
  }
}

export { GrpcStatus };
