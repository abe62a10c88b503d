import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { UsersService } from './users.service.js';

/** The users table of the console (docs/architecture.md "Feature modules"): exports {@link UsersService}. */
@Module({
  imports: [AccessModule],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
