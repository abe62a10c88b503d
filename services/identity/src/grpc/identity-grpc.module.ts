import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { MagicLinksModule } from '../magic-links/magic-links.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { IdentityController } from './identity.controller.js';

/** The gRPC adapter of the identity service (docs/architecture.md "Feature modules"): the controller only. */
@Module({
  imports: [AccountsModule, SessionsModule, MagicLinksModule, MailModule],
  controllers: [IdentityController],
})
export class IdentityGrpcModule {}
