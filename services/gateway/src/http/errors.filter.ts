import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { RemoteError, httpStatusOf } from '@nightfall/server-kit';

/** An HTTP error with the spec's title and message (body `{code, title, message}`). */
export class ApiException extends HttpException {
  constructor(status: number, code: string, title: string, message: string) {
    super({ code, title, message }, status);
  }
}

/**
 * Every REST error leaves as `{code, title, message}` (spec 001 section 8): upstream gRPC errors keep
 * their body, Nest HTTP errors get a generic title, anything else is a logged 500.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (err instanceof RemoteError) {
      res.status(httpStatusOf(err.status)).json(err.body);
      return;
    }
    if (err instanceof HttpException) {
      const body = err.getResponse();
      if (typeof body === 'object' && body && 'code' in body && 'title' in body) {
        res.status(err.getStatus()).json(body);
        return;
      }
      const message = typeof body === 'string' ? body : ((body as { message?: unknown }).message ?? err.message);
      res.status(err.getStatus()).json({ code: `HTTP_${err.getStatus()}`, title: 'Error', message: Array.isArray(message) ? message.join(', ') : String(message) });
      return;
    }
    this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    res.status(500).json({ code: 'INTERNAL', title: 'Error', message: 'Something went wrong. Please try again.' });
  }
}
