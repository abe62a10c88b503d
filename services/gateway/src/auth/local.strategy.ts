import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { identityV1 } from '@nightfall/contracts';
import { RemoteError } from '@nightfall/server-kit';
import { ApiException } from '../http/errors.filter.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/** passport strategy 'local': e-mail + password checked by identity (argon2); yields a new session. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly upstream: UpstreamService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  /** @throws 401 'Login Failed' / 'Invalid email or password' */
  async validate(email: string, password: string): Promise<identityV1.Session> {
    try {
      return await this.upstream.call(this.upstream.identity.signInWithPassword({ email, password }));
    } catch (err) {
      if (err instanceof RemoteError && err.body.code !== 'UPSTREAM_UNAVAILABLE') {
        throw new ApiException(401, 'INVALID_CREDENTIALS', 'Login Failed', 'Invalid email or password');
      }
      throw err;
    }
  }
}
