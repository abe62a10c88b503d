import { Module, type DynamicModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseHealthController, dataSourceOptions, loggerModule } from '@nightfall/server-kit';
import { CLOCK, type Clock } from './clock.js';
import { identityDatabase } from './database.js';
import { IDENTITY_ENV, type IdentityEnv } from './env.js';
import { IdentityController } from './identity.controller.js';
import { IdentityService } from './identity.service.js';
import { MagicLinkTokenEntity } from './magic-link-token.entity.js';
import { MailService } from './mail/mail.service.js';
import { SessionEntity } from './session.entity.js';
import { UserEntity } from './user.entity.js';

/** Root module of the identity service, built from a validated environment. `clock` (epoch ms) is injectable for tests. */
@Module({})
export class AppModule {
  static forRoot(env: IdentityEnv, clock: Clock = Date.now): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('identity', env.LOG_LEVEL),
        TypeOrmModule.forRoot({ ...dataSourceOptions(identityDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA)), retryAttempts: 3 }),
        TypeOrmModule.forFeature([UserEntity, SessionEntity, MagicLinkTokenEntity]),
        JwtModule.register({ secret: env.SESSION_SECRET, signOptions: { algorithm: 'HS256' } }),
        TerminusModule,
      ],
      controllers: [IdentityController, DatabaseHealthController],
      providers: [IdentityService, MailService, { provide: IDENTITY_ENV, useValue: env }, { provide: CLOCK, useValue: clock }],
    };
  }
}
