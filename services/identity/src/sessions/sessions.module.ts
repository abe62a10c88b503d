import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { IDENTITY_ENV, type IdentityEnv } from '../env.js';
import { SessionEntity } from './session.entity.js';
import { SessionsService } from './sessions.service.js';

/**
 * Sessions feature (docs/architecture.md "Feature modules"): owns `identity.sessions` and the JWT
 * signing key (SESSION_SECRET, HS256). Exports {@link SessionsService} only.
 */
@Module({
  imports: [
    AccountsModule,
    TypeOrmModule.forFeature([SessionEntity]),
    JwtModule.registerAsync({
      inject: [IDENTITY_ENV],
      useFactory: (env: IdentityEnv) => ({ secret: env.SESSION_SECRET, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionsService],
  exports: [SessionsService],
})
export class SessionsModule {}
