import { Module } from '@nestjs/common';
import { EntitlementEvents } from './entitlement-events.service.js';

/**
 * Entitlement events on NATS (docs/architecture.md "Services"): `billing.entitlement.granted|revoked`
 * with `{v: 1, entitlement}`. Uses the global NatsClient of `natsModule()`. Exports {@link EntitlementEvents} only.
 */
@Module({ providers: [EntitlementEvents], exports: [EntitlementEvents] })
export class EntitlementEventsModule {}
