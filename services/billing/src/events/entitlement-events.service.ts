import { Injectable } from '@nestjs/common';
import { NatsClient } from '@nightfall/server-kit';
import { ENTITLEMENT_EVENT_SUBJECTS, type EntitlementEvent, type EntitlementEventKind, type billingV1 } from '@nightfall/contracts';

/**
 * Publishes the entitlement events of {@link ENTITLEMENT_EVENT_SUBJECTS} (libs/contracts) through
 * server-kit's NatsClient. Callers publish only after their change is committed; publishing never
 * throws and never delays the caller (a failure is logged).
 */
@Injectable()
export class EntitlementEvents {
  constructor(private readonly nats: NatsClient) {}

  /**
   * Publishes `{v: 1, entitlement}` on `billing.entitlement.<kind>` in the background, events in call order.
   * @returns a promise that settles (never rejects) once the event was handed to NATS or dropped
   */
  publish(kind: EntitlementEventKind, entitlement: billingV1.Entitlement): Promise<void> {
    const event: EntitlementEvent = { v: 1, entitlement };
    return this.nats.emit(ENTITLEMENT_EVENT_SUBJECTS[kind], event);
  }
}
