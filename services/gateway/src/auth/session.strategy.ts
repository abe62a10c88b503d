import { Injectable, Inject } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Request } from 'express';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { sessionKey } from './session-key.js';
import { SessionService, type SessionUser } from './session.service.js';

/** passport strategy 'session': the signed httpOnly cookie (HS256 token) of a live session. */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') {
  constructor(
    @Inject(GATEWAY_ENV) env: GatewayEnv,
    private readonly sessions: SessionService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([(req: Request) => (req?.cookies?.[env.SESSION_COOKIE] as string | undefined) ?? null]),
      // a KeyObject, not the string: jsonwebtoken would rebuild a key from it on every request (sessionKey)
      secretOrKey: sessionKey(env.SESSION_SECRET) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** Called with verified claims; rejects revoked sessions. @throws 401 UNAUTHENTICATED; 503 SERVICE_UNAVAILABLE (identity down) */
  async validate(claims: { sub: string; sid: string }): Promise<SessionUser> {
    const user = await this.sessions.check(claims.sid, claims.sub);
    if (!user) throw new ApiException(401, GatewayErrorCode.UNAUTHENTICATED, 'Please sign in again.');
    return user;
  }
}
