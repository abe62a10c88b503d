import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { AdminAccess, AdminGuard } from './admin-access.service.js';
import { AuthController } from './auth.controller.js';
import { LocalStrategy } from './local.strategy.js';
import { MeService } from './me.service.js';
import { ProfileController } from './profile.controller.js';
import { RightsCache } from './rights-cache.js';
import { SessionCache } from './session-cache.js';
import { sessionKey } from './session-key.js';
import { SessionService } from './session.service.js';
import { SessionStrategy } from './session.strategy.js';
import { AuthThrottlerGuard, authThrottlerModule } from './throttle.js';

/**
 * Sessions and accounts at the edge: the session cookie (passport 'session' and 'local' strategies),
 * sign-up / sign-in / magic-link callback / logout, `/api/me`, `/api/profile`, and who is an admin.
 * Exports what the other modules guard with: SessionService, MeService, RightsCache, AdminAccess, AdminGuard.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [GATEWAY_ENV],
      // One KeyObject for the session secret (sessionKey). jsonwebtoken accepts a KeyObject; @nestjs/jwt's
      // option type only names string | Buffer.
      useFactory: (env: GatewayEnv) => ({ secret: sessionKey(env.SESSION_SECRET) as unknown as string, verifyOptions: { algorithms: ['HS256'] } }),
    }),
    PassportModule,
    authThrottlerModule(),
  ],
  controllers: [AuthController, ProfileController],
  providers: [SessionService, SessionCache, RightsCache, SessionStrategy, LocalStrategy, MeService, AdminAccess, AdminGuard, AuthThrottlerGuard],
  exports: [SessionService, MeService, RightsCache, AdminAccess, AdminGuard],
})
export class AuthModule {}
