import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { CustomRoleEntity } from './custom-role.entity.js';
import { CustomRolesService } from './custom-roles.service.js';

/** Custom roles (docs/architecture.md "Feature modules"): owns `admin.custom_roles`; exports {@link CustomRolesService}. */
@Module({
  imports: [TypeOrmModule.forFeature([CustomRoleEntity]), AccessModule, AuditModule],
  providers: [CustomRolesService],
  exports: [CustomRolesService],
})
export class CustomRolesModule {}
