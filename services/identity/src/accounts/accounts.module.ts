import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsService } from './accounts.service.js';
import { UserEntity } from './user.entity.js';

/**
 * Accounts feature (docs/architecture.md "Feature modules"): owns `identity.users`. Exports
 * {@link AccountsService} only; other features never touch the users table directly.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
