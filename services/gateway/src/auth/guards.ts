import { createParamDecorator, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Observable } from 'rxjs';
import { credentialsSchema } from '@nightfall/protocol/schemas';
import { isUnavailable } from '@nightfall/server-kit';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import type { SessionUser } from './session.service.js';

/** Requires a live session. @throws 401 UNAUTHENTICATED without one; 503 SERVICE_UNAVAILABLE when identity is down */
@Injectable()
export class SessionGuard extends AuthGuard('session') {
  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    if (!user) throw new ApiException(401, GatewayErrorCode.UNAUTHENTICATED, 'Please sign in.');
    return user;
  }
}

/**
 * Accepts requests without a session (user is then undefined).
 * @throws 503 SERVICE_UNAVAILABLE when identity cannot tell whether the session is live
 */
@Injectable()
export class OptionalSessionGuard extends AuthGuard('session') {
  override handleRequest<T>(err: unknown, user: T): T {
    if (isUnavailable(err)) throw err;
    return (user || undefined) as T;
  }
}

/**
 * Password sign-in through passport-local. A request without a password passes through with no user:
 * POST /api/auth/login then sends a magic link instead.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  /**
   * Runs passport-local only when a password was sent, and only on a well-formed body: passport answers a
   * missing or non-text e-mail with a bare 401 'Unauthorized', which reads as a session problem
   * (docs/architecture.md "Errors": UNAUTHENTICATED is for sessions only).
   * @throws ApiException 400 INVALID_INPUT naming what is wrong ('Please enter a valid email', 'email: ...')
   */
  override canActivate(ctx: ExecutionContext): boolean | Promise<boolean> | Observable<boolean> {
    const body = ctx.switchToHttp().getRequest<{ body?: { password?: unknown } }>().body;
    if (typeof body?.password !== 'string' || body.password === '') return true;
    parseBody(credentialsSchema, body);
    return super.canActivate(ctx);
  }
}

/** The SessionUser of the request (set by a guard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: SessionUser }>().user;
});
