import { Module } from '@nestjs/common';
import { AccessService } from './access.service.js';

/** Who is an admin (docs/architecture.md "Feature modules"): exports {@link AccessService}. */
@Module({
  providers: [AccessService],
  exports: [AccessService],
})
export class AccessModule {}
