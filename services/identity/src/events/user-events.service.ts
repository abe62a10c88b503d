import { Injectable } from '@nestjs/common';
import { NatsClient } from '@nightfall/server-kit';
import { USER_EVENT_SUBJECTS, type UserEvent, type UserEventKind, type identityV1 } from '@nightfall/contracts';

/**
 * Publishes the user events of {@link USER_EVENT_SUBJECTS} (libs/contracts) through server-kit's
 * NatsClient. Callers publish only after their change is committed; publishing never throws and never
 * delays the caller (a failure is logged).
 */
@Injectable()
export class UserEvents {
  constructor(private readonly nats: NatsClient) {}

  /**
   * Publishes `{v: 1, user}` on `identity.user.<kind>` in the background, events in call order.
   * @returns a promise that settles (never rejects) once the event was handed to NATS or dropped
   */
  publish(kind: UserEventKind, user: identityV1.User): Promise<void> {
    const event: UserEvent = { v: 1, user };
    return this.nats.emit(USER_EVENT_SUBJECTS[kind], event);
  }
}
