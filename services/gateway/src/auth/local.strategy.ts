import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { identityV1 } from '@nightfall/contracts';
import { RemoteError, isUnavailable } from '@nightfall/server-kit';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/** passport strategy 'local': e-mail + password checked by identity (argon2); yields a new session. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly upstream: UpstreamService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  /** @throws 401 'Login Failed' / 'Invalid email or password'; 503 SERVICE_UNAVAILABLE when identity is down */
  async validate(email: string, password: string): Promise<identityV1.Session> {
    try {
      return await this.upstream.identity.signInWithPassword({ email, password });
    } catch (err) {
      if (err instanceof RemoteError && !isUnavailable(err)) {
        throw new ApiException(401, GatewayErrorCode.INVALID_CREDENTIALS, 'Invalid email or password', 'Login Failed');
      }
      throw err;
    }
  }
}
