import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditEntryEntity } from './audit-entry.entity.js';
import { AuditService } from './audit.service.js';

/** The audit log (docs/architecture.md "Feature modules"): owns `admin.audit_log`; exports {@link AuditService}. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntryEntity]), AccessModule],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
