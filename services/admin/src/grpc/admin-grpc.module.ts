import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { CustomRolesModule } from '../custom-roles/custom-roles.module.js';
import { EntitlementsModule } from '../entitlements/entitlements.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminController } from './admin.controller.js';

/** The gRPC adapter of the admin service (docs/architecture.md "Feature modules"): the controller only. */
@Module({
  imports: [AccessModule, UsersModule, EntitlementsModule, CustomRolesModule, AuditModule, SettingsModule],
  controllers: [AdminController],
})
export class AdminGrpcModule {}
