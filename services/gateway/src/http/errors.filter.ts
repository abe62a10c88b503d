import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ERROR_TITLE, isErrorBody, type ErrorBody } from '@nightfall/protocol';
import { GrpcStatus, RemoteError, httpStatusOf } from '@nightfall/server-kit';
import { GatewayErrorCode } from '../gateway-error-code.js';

/**
 * An HTTP error whose body is the one {@link ErrorBody} (docs/architecture.md "Errors").
 * @param status HTTP status (400, 401, 403, 404, 429...)
 * @param code the gateway's code
 * @param message what the user sees (the spec's text where it gives one)
 * @param title toast title; 'Error' unless the spec names another
 * @param details structured extras, e.g. `{retryAfterSeconds}`
 */
export class ApiException extends HttpException {
  constructor(status: number, code: GatewayErrorCode, message: string, title: string = ERROR_TITLE, details?: Record<string, unknown>) {
    const body: ErrorBody = { code, title, message, ...(details ? { details } : {}) };
    super(body, status);
  }
}

/** Nest's own HTTP errors (unknown route, bad JSON, payload too large...) by status. */
function codeOfStatus(status: number): GatewayErrorCode {
  if (status === 401) return GatewayErrorCode.UNAUTHENTICATED;
  if (status === 403) return GatewayErrorCode.FORBIDDEN;
  if (status === 404) return GatewayErrorCode.NOT_FOUND;
  if (status === 429) return GatewayErrorCode.RATE_LIMITED;
  if (status === 503) return GatewayErrorCode.SERVICE_UNAVAILABLE;
  if (status >= 500) return GatewayErrorCode.INTERNAL;
  return GatewayErrorCode.INVALID_INPUT;
}

/** What an upstream error said: gRPC status code, details or message. */
export function describeCause(cause: unknown): string {
  const c = cause as { code?: unknown; details?: unknown; message?: unknown } | undefined;
  return c ? `code ${String(c.code)}: ${String(c.details ?? c.message)}` : 'unknown';
}

/**
 * Every REST error leaves as an {@link ErrorBody} (spec 001 section 8): upstream gRPC errors keep their
 * body and map to HTTP by gRPC status (an unavailable upstream is a 503 SERVICE_UNAVAILABLE), Nest's
 * HTTP errors get a code by status, anything else is a logged 500 INTERNAL. A 429 with
 * `details.retryAfterSeconds` also carries the Retry-After header.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (err instanceof RemoteError) {
      if (err.status === GrpcStatus.INTERNAL) this.logger.error(`upstream failed: ${describeCause(err.cause)}`);
      res.status(httpStatusOf(err.status)).json(err.body);
      return;
    }
    if (err instanceof HttpException) {
      const body = err.getResponse();
      if (isErrorBody(body)) {
        const retryAfter = body.details?.retryAfterSeconds;
        if (err.getStatus() === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
        res.status(err.getStatus()).json(body);
        return;
      }
      const raw = typeof body === 'string' ? body : ((body as { message?: unknown }).message ?? err.message);
      const message = Array.isArray(raw) ? raw.join(', ') : String(raw);
      res.status(err.getStatus()).json({ code: codeOfStatus(err.getStatus()), title: ERROR_TITLE, message } satisfies ErrorBody);
      return;
    }
    this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    res.status(500).json({ code: GatewayErrorCode.INTERNAL, title: ERROR_TITLE, message: 'Something went wrong. Please try again.' } satisfies ErrorBody);
  }
}
