import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';
import { CommonErrorCode, ERROR_TITLE, SERVICE_UNAVAILABLE_BODY, isErrorBody, type ErrorBody } from '@nightfall/protocol';

/**
 * Builds the RpcException a gRPC handler throws: gRPC status plus the error body as JSON in `details`.
 * @param grpcStatus a `@grpc/grpc-js` status code (INVALID_ARGUMENT, NOT_FOUND...)
 */
export function rpcError(grpcStatus: GrpcStatus, body: ErrorBody): RpcException {
  return new RpcException({ code: grpcStatus, message: JSON.stringify(body) });
}

/** An error received from a gRPC call, decoded. `status` is the gRPC status code. */
export class RemoteError extends Error {
  constructor(
    readonly status: GrpcStatus,
    readonly body: ErrorBody,
    options?: ErrorOptions,
  ) {
    super(body.message, options);
    this.name = 'RemoteError';
  }
}

/**
 * Decodes an error thrown by a gRPC client call into a RemoteError.
 * - A JSON {@link ErrorBody} in `details` (thrown with `rpcError`) is kept as it is.
 * - A service that is down, slow (gRPC deadline or the caller's rxjs timeout), cancelled, or whose HTTP/2
 *   connection broke under the call becomes `SERVICE_UNAVAILABLE` with status UNAVAILABLE (HTTP 503), never
 *   an authentication error.
 * - Anything else becomes `INTERNAL` (HTTP 500).
 */
export function decodeRpcError(err: unknown): RemoteError {
  const e = err as { code?: number; details?: string; message?: string; name?: string };
  const status = typeof e?.code === 'number' ? (e.code as GrpcStatus) : GrpcStatus.UNKNOWN;
  if (typeof e?.details === 'string' && e.details.startsWith('{')) {
    try {
      const body: unknown = JSON.parse(e.details);
      if (isErrorBody(body)) return new RemoteError(status, body);
    } catch {
      /* not one of ours */
    }
  }
  const unavailable =
    status === GrpcStatus.UNAVAILABLE ||
    status === GrpcStatus.DEADLINE_EXCEEDED ||
    status === GrpcStatus.CANCELLED ||
    e?.name === 'TimeoutError' ||
    // the HTTP/2 connection broke under the call (grpc-js reports it as INTERNAL): not a bug of the service
    (status === GrpcStatus.INTERNAL && /^Received RST_STREAM|Session closed/.test(e?.details ?? ''));
  if (unavailable) return new RemoteError(GrpcStatus.UNAVAILABLE, SERVICE_UNAVAILABLE_BODY);
  // keep what the service said (status and details) as the cause, for the caller's log
  return new RemoteError(GrpcStatus.INTERNAL, { code: CommonErrorCode.INTERNAL, title: ERROR_TITLE, message: 'Something went wrong. Please try again.' }, { cause: err });
}

/** True when a RemoteError means "a service the call needs is unavailable" (HTTP 503). */
export function isUnavailable(err: unknown): boolean {
  return err instanceof RemoteError && err.body.code === CommonErrorCode.SERVICE_UNAVAILABLE;
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
