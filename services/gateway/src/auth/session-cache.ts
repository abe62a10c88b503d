import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { NatsClient } from '@nightfall/server-kit';
import { USER_EVENT_SUBJECTS, type UserEvent } from '@nightfall/contracts';
import { SESSION_REVOKED_SUBJECT, type SessionRevokedEvent } from '@nightfall/protocol';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { EventFencedCache } from './event-fenced-cache.js';
import type { SessionUser } from './session-user.js';

/** Most sessions one gateway remembers (about 300 B each); the least recently used go first. */
export const SESSION_CACHE_MAX = 50_000;

/**
 * The sessions identity found live in the last SESSION_CACHE_TTL_MS, so that a player's socket join and REST
 * requests right after a sign-in or a guest join do not each ask identity again (docs/architecture.md "Session
 * checks", docs/hot-path.md "Session checks without a call").
 *
 * What keeps it from believing a session that ended are the rules of {@link EventFencedCache}, with these events:
 * `gateway.session.revoked` (a sign-out, or the session a sign-in replaced) forgets the session, and
 * `identity.user.updated|verified|deleted` (a sign-in or a new name, the e-mail's first verification, which revokes
 * the older sessions, a guest deleted) every session of the user. An event lost all the same (identity publishes
 * best effort) is outlived by at most SESSION_CACHE_TTL_MS, and a session deleted by retention (a guest unseen for
 * months) likewise.
 * Signature and expiry of the token are still checked on every request and socket (SessionService.resolve).
 */
@Injectable()
export class SessionCache implements OnModuleInit {
  private readonly entries: EventFencedCache<SessionUser>;

  constructor(
    private readonly nats: NatsClient,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.entries = new EventFencedCache<SessionUser>(nats, env.SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX);
  }

  onModuleInit(): void {
    if (!this.entries.enabled) return;
    this.nats.listen(SESSION_REVOKED_SUBJECT, (msg) => this.forgetSession(msg.json<SessionRevokedEvent>().sessionId));
    for (const subject of [USER_EVENT_SUBJECTS.updated, USER_EVENT_SUBJECTS.verified, USER_EVENT_SUBJECTS.deleted]) {
      this.nats.listen(subject, (msg) => this.forgetUser(msg.json<UserEvent>().user.id));
    }
  }

  /**
   * The live session `sessionId` of `userId` if this gateway learnt it within the TTL and has heard every event
   * since. @returns null when unknown, stale, of another user, or while NATS is (or was meanwhile) down
   */
  get(sessionId: string, userId: string): SessionUser | null {
    const entry = this.entries.get(sessionId);
    return entry && entry.group === userId ? entry.value : null;
  }

  /** A mark to take before asking identity, for {@link remember}: the count of forgettings so far. */
  epoch(): number {
    return this.entries.epoch();
  }

  /**
   * Remembers a session identity found live (ValidateSession) or just opened (a sign-in, a guest). A check asked
   * before an event that may concern it and answered after is not remembered (`epoch` is then behind).
   * @param epoch {@link epoch} taken before identity was asked; omitted for a session identity just opened
   */
  remember(user: SessionUser, epoch = this.entries.epoch()): void {
    const { expiresAt: _expiresAt, ...kept } = user;
    this.entries.remember(user.sessionId, user.userId, kept, epoch);
  }

  /** Forgets one session (a sign-out, a session replaced by a sign-in). */
  forgetSession(sessionId: string): void {
    this.entries.forget(sessionId);
  }

  /** Forgets every session of a user (the user changed, was verified or deleted). */
  forgetUser(userId: string): void {
    this.entries.forgetGroup(userId);
  }
}
