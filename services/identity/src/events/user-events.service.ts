import { Injectable, Logger } from '@nestjs/common';
import { NatsClient } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { USER_EVENT_SUBJECTS, type UserEvent, type UserEventKind } from './user-events.js';

/** How long a publish waits for the first NATS connection after start-up, ms. */
const PUBLISH_WAIT_MS = 2000;

/**
 * Publishes the user events of {@link USER_EVENT_SUBJECTS} on NATS (server-kit's NatsClient).
 * Callers publish only after their change is committed. Publishing never throws and never delays
 * the caller: a failure (NATS not connected within 2 s of start-up, closed connection) is logged.
 */
@Injectable()
export class UserEvents {
  private readonly logger = new Logger('UserEvents');

  constructor(private readonly nats: NatsClient) {}

  /**
   * Publishes `{v: 1, user}` on `identity.user.<kind>` in the background, events in call order.
   * @returns a promise that settles (never rejects) once the event was handed to NATS or dropped; callers need not await it
   */
  publish(kind: UserEventKind, user: identityV1.User): Promise<void> {
    const event: UserEvent = { v: 1, user };
    return this.send(USER_EVENT_SUBJECTS[kind], JSON.stringify(event));
  }

  private async send(subject: string, payload: string): Promise<void> {
    try {
      if (!(await this.nats.ready(PUBLISH_WAIT_MS))) throw new Error('NATS is not connected');
      this.nats.publish(subject, payload);
    } catch (err) {
      // The change is committed; subscribers re-read users over gRPC when they need certainty.
      this.logger.error(`could not publish ${subject}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
