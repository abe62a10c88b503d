import { Module } from '@nestjs/common';
import { UserEvents } from './user-events.service.js';

/**
 * User events on NATS (docs/architecture.md "Services"): `identity.user.created|updated|verified`
 * with `{v: 1, user}`. Uses the global NatsClient of `natsModule()`. Exports {@link UserEvents} only.
 */
@Module({ providers: [UserEvents], exports: [UserEvents] })
export class UserEventsModule {}
