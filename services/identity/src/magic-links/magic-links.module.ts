import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { MagicLinkTokenEntity } from './magic-link-token.entity.js';
import { MagicLinksService } from './magic-links.service.js';

/**
 * Magic-links feature (docs/architecture.md "Feature modules"): owns `identity.magic_link_tokens`;
 * uses accounts (users), sessions (the session a link opens) and mail. Exports {@link MagicLinksService} only.
 */
@Module({
  imports: [AccountsModule, SessionsModule, MailModule, TypeOrmModule.forFeature([MagicLinkTokenEntity])],
  providers: [MagicLinksService],
  exports: [MagicLinksService],
})
export class MagicLinksModule {}
