import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { clientAddress, isLoopback } from '../http/client-address.js';
import { ApiException } from '../http/errors.filter.js';

/**
 * Lets only clients on this machine (127.0.0.0/8, ::1, as req.ip gives them under TRUST_PROXY) reach
 * the development tools; anyone else gets the 404 of a route that does not exist (docs/architecture.md
 * "Development tools"). `npm start` listens on every interface so phones on the LAN can play, but the
 * dev outbox (everyone's magic links) and the test checkout stay on the developer's machine.
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  /** @throws ApiException 404 NOT_FOUND 'Cannot <METHOD> <path>' for a client that is not on loopback */
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request>();
    if (isLoopback(clientAddress(req))) return true;
    throw new ApiException(404, GatewayErrorCode.NOT_FOUND, `Cannot ${req.method} ${req.path}`);
  }
}
