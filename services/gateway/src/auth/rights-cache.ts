import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ENTITLEMENT_EVENT_SUBJECTS, USER_EVENT_SUBJECTS, type adminV1, type billingV1, type EntitlementEvent, type UserEvent } from '@nightfall/contracts';
import { NatsClient } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { EventFencedCache } from './event-fenced-cache.js';

/** Most users whose rights one gateway remembers (two answers of under 1 KB each); the least recently used go first. */
export const RIGHTS_CACHE_MAX = 20_000;

/** How a caller wants the rights: from memory when known (`cached`), or asked again and remembered (`fresh`). */
export type RightsRead = 'cached' | 'fresh';

/**
 * The rights a signed-in user's room creation and socket joins check, remembered for RIGHTS_CACHE_TTL_MS (ms) so
 * that a host's `/api/me`, room creation and socket join do not each ask billing and the admin service again
 * (docs/architecture.md "Rights checks"): billing's `GetHostAccess` and the admin service's `GetAccess` (which
 * itself asks identity and billing). Kept by the rules of {@link EventFencedCache}; every change to either answer
 * is an event that forgets the user's entries: `billing.entitlement.granted|revoked` (a payment, a grant, a
 * revocation) and `identity.user.updated|verified|deleted` (the e-mail's verification decides the configured admin
 * addresses). An entitlement that expires within the time to live is kept only until its expiry. Pages that show
 * or guard rights (`/api/me`, the admin console, the debug tools) read them `fresh`. Cached reads of one user that
 * miss together share one question (when an entry runs out under load, the joins of that moment ask once).
 */
@Injectable()
export class RightsCache implements OnModuleInit {
  /** Answers by `host:<userId>` (billing's GetHostAccessResponse) and `admin:<userId>` (the admin service's Access). */
  private readonly entries: EventFencedCache<unknown>;
  /** Questions out for cached reads, by key, with the epoch they were asked at (shared only within it). */
  private readonly asking = new Map<string, { epoch: number; answer: Promise<unknown> }>();

  constructor(
    private readonly nats: NatsClient,
    private readonly upstream: UpstreamService,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.entries = new EventFencedCache<unknown>(nats, env.RIGHTS_CACHE_TTL_MS, RIGHTS_CACHE_MAX);
  }

  onModuleInit(): void {
    if (!this.entries.enabled) return;
    for (const subject of [ENTITLEMENT_EVENT_SUBJECTS.granted, ENTITLEMENT_EVENT_SUBJECTS.revoked]) {
      this.nats.listen(subject, (msg) => this.entries.forgetGroup(msg.json<EntitlementEvent>().entitlement.userId));
    }
    for (const subject of [USER_EVENT_SUBJECTS.updated, USER_EVENT_SUBJECTS.verified, USER_EVENT_SUBJECTS.deleted]) {
      this.nats.listen(subject, (msg) => this.entries.forgetGroup(msg.json<UserEvent>().user.id));
    }
  }

  /**
   * billing's host access of a signed-in user (spec 001: who may create rooms).
   * @throws RemoteError (503 SERVICE_UNAVAILABLE) when billing cannot answer and nothing is remembered
   */
  host(userId: string, read: RightsRead = 'cached'): Promise<billingV1.GetHostAccessResponse> {
    return this.through(`host:${userId}`, userId, read, () => this.upstream.billing.getHostAccess({ userId }), untilExpiry);
  }

  /**
   * The admin service's access of a signed-in user (spec 001 section 6).
   * @throws RemoteError (503 SERVICE_UNAVAILABLE) when the admin service cannot answer and nothing is remembered
   */
  admin(userId: string, read: RightsRead = 'cached'): Promise<adminV1.Access> {
    return this.through(`admin:${userId}`, userId, read, () => this.upstream.admin.getAccess({ userId }));
  }

  /**
   * The answer under `key`: remembered (`cached` reads), or asked with `ask` and remembered. Cached reads that miss
   * while a question asked at the same epoch is out share it; a fresh read always asks.
   * @param untilOf ms until an answer stops being true (see EventFencedCache.remember), when it can tell
   * @throws what `ask` throws (nothing is remembered then)
   */
  private async through<T>(key: string, userId: string, read: RightsRead, ask: () => Promise<T>, untilOf: (value: T) => number | undefined = () => undefined): Promise<T> {
    if (read === 'cached') {
      const known = this.entries.get(key);
      if (known) return known.value as T;
    }
    const epoch = this.entries.epoch();
    const out = read === 'cached' ? this.asking.get(key) : undefined;
    if (out && out.epoch === epoch) return out.answer as Promise<T>;
    const answer = ask();
    if (read === 'cached') this.asking.set(key, { epoch, answer });
    try {
      const value = await answer;
      this.entries.remember(key, userId, value, epoch, untilOf(value));
      return value;
    } finally {
      if (this.asking.get(key)?.answer === answer) this.asking.delete(key);
    }
  }

  /**
   * Forgets what this gateway remembers of a user's rights (of every user when `userId` is omitted): called by the
   * gateway that relays a grant, a revocation or a payment before it answers, so that the same client's next request
   * does not race the event.
   */
  forget(userId?: string): void {
    if (userId === undefined) this.entries.clear();
    else this.entries.forgetGroup(userId);
  }
}

/** ms until the host entitlement of an answer expires, when it grants rights and expires at all. */
function untilExpiry(access: billingV1.GetHostAccessResponse): number | undefined {
  const expiresAt = access.hasHostRights ? access.entitlement?.expiresAt : '';
  return expiresAt ? Date.parse(expiresAt) - Date.now() : undefined;
}
