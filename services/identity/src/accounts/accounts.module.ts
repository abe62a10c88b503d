import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEventsModule } from '../events/user-events.module.js';
import { AccountsService } from './accounts.service.js';
import { UserEntity } from './user.entity.js';

/**
 * Accounts feature (docs/architecture.md "Feature modules"): owns `identity.users` (lookups, search,
 * e-mail verification) and announces user changes through the events feature. Exports
 * {@link AccountsService} only; other features never touch the users table directly.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), UserEventsModule],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
