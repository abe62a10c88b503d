import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { IDENTITY_ENV, type IdentityEnv } from '../env.js';
import { SessionEntity } from './session.entity.js';
import { SessionsService } from './sessions.service.js';

/**
 * Sessions feature (docs/architecture.md "Feature modules"): owns `identity.sessions` and the JWT
 * signing key (SESSION_SECRET, HS256). A guest's user row is written here, in the statement that opens its
 * first session (SessionsService.createGuestSession); every other user row belongs to the accounts feature.
 * Exports {@link SessionsService} only.
 */
@Module({
  imports: [
    AccountsModule,
    TypeOrmModule.forFeature([SessionEntity]),
    JwtModule.registerAsync({
      inject: [IDENTITY_ENV],
      // A KeyObject made once: given a string, jsonwebtoken tries createPrivateKey, then createSecretKey, on
      // every sign (docs/hot-path.md). jsonwebtoken accepts a KeyObject; @nestjs/jwt's type names string | Buffer.
      useFactory: (env: IdentityEnv) => ({ secret: createSecretKey(Buffer.from(env.SESSION_SECRET)) as unknown as string, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionsService],
  exports: [SessionsService],
})
export class SessionsModule {}
