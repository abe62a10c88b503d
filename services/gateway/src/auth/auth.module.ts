import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { AdminAccess, AdminGuard } from './admin-access.service.js';
import { AuthController } from './auth.controller.js';
import { LocalStrategy } from './local.strategy.js';
import { MeService } from './me.service.js';
import { ProfileController } from './profile.controller.js';
import { SessionService } from './session.service.js';
import { SessionStrategy } from './session.strategy.js';
import { AuthThrottlerGuard, authThrottlerModule } from './throttle.js';

/**
 * Sessions and accounts at the edge: the session cookie (passport 'session' and 'local' strategies),
 * sign-up / sign-in / magic-link callback / logout, `/api/me`, `/api/profile`, and who is an admin.
 * Exports what the other modules guard with: SessionService, MeService, AdminAccess, AdminGuard.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [GATEWAY_ENV],
      // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) createPublicKey, then
      // createSecretKey, on every verify (7.7 % of the gateway's CPU under the bench; docs/hot-path.md).
      // jsonwebtoken accepts a KeyObject; @nestjs/jwt's option type only names string | Buffer.
      useFactory: (env: GatewayEnv) => ({ secret: createSecretKey(Buffer.from(env.SESSION_SECRET)) as unknown as string, verifyOptions: { algorithms: ['HS256'] } }),
    }),
    PassportModule,
    authThrottlerModule(),
  ],
  controllers: [AuthController, ProfileController],
  providers: [SessionService, SessionStrategy, LocalStrategy, MeService, AdminAccess, AdminGuard, AuthThrottlerGuard],
  exports: [SessionService, MeService, AdminAccess, AdminGuard],
})
export class AuthModule {}
