import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntitlementEntity } from './entitlement.entity.js';
import { EntitlementsService } from './entitlements.service.js';

/**
 * Entitlements feature (docs/architecture.md "Feature modules"): owns `billing.entitlements` and the
 * host-rights policy. Exports {@link EntitlementsService} only.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EntitlementEntity])],
  providers: [EntitlementsService],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
