import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { GlobalSettingEntity } from './global-setting.entity.js';
import { SettingsService } from './settings.service.js';

/** Global settings (docs/architecture.md "Feature modules"): owns `admin.global_settings`; exports {@link SettingsService}. */
@Module({
  imports: [TypeOrmModule.forFeature([GlobalSettingEntity]), AccessModule, AuditModule],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
