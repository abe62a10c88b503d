import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { EntitlementsService } from './entitlements.service.js';

/**
 * Entitlements in the console (docs/architecture.md "Feature modules"): list, grant host, revoke, and
 * ToggleAdmin; billing stays the owner. Exports {@link EntitlementsService}.
 */
@Module({
  imports: [AccessModule, AuditModule],
  providers: [EntitlementsService],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
