import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntitlementEventsModule } from '../events/entitlement-events.module.js';
import { EntitlementEntity } from './entitlement.entity.js';
import { EntitlementsService } from './entitlements.service.js';

/**
 * Entitlements feature (docs/architecture.md "Feature modules"): owns `billing.entitlements`, the
 * host-rights policy and the admin console's search; announces grants and revocations through the
 * events feature. Exports {@link EntitlementsService} only.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EntitlementEntity]), EntitlementEventsModule],
  providers: [EntitlementsService],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
