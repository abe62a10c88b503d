import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { RemoteError } from '@nightfall/server-kit';

/**
 * Passes an error of identity or billing on unchanged: the same gRPC status and `ErrorBody` (e.g.
 * billing's `INVALID_GRANT`, or `SERVICE_UNAVAILABLE` when an owner is down), instead of Nest's
 * generic UNKNOWN error (docs/architecture.md "Errors").
 */
@Catch(RemoteError)
export class RemoteErrorFilter implements RpcExceptionFilter<RemoteError> {
  catch(err: RemoteError): Observable<never> {
    return throwError(() => ({ code: err.status, message: JSON.stringify(err.body) }));
  }
}
