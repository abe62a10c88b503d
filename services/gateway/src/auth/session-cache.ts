import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { NatsClient } from '@nightfall/server-kit';
import { USER_EVENT_SUBJECTS, type UserEvent } from '@nightfall/contracts';
import { SESSION_REVOKED_SUBJECT, type SessionRevokedEvent } from '@nightfall/protocol';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import type { SessionUser } from './session-user.js';

/** Most sessions one gateway remembers (about 300 B each); the least recently used go first. */
export const SESSION_CACHE_MAX = 50_000;

/** A session identity found live, as this gateway remembers it. */
interface Entry {
  user: SessionUser;
  /** When it was learnt, ms since the epoch (compared with the NATS connection's start). */
  at: number;
}

/**
 * The sessions identity found live in the last SESSION_CACHE_TTL_MS, so that a player's socket join and REST
 * requests right after a sign-in or a guest join do not each ask identity again (docs/architecture.md "Session
 * checks", docs/hot-path.md "Session checks without a call").
 *
 * What keeps it from believing a session that ended:
 * - every change that ends or alters a session is an event on NATS, and every gateway forgets the session or the
 *   user's sessions when it arrives: `gateway.session.revoked` (a sign-out, or the session a sign-in replaced)
 *   and `identity.user.updated|verified|deleted` (a sign-in or a new name, the e-mail's first verification, which
 *   revokes the older sessions, a guest deleted);
 * - an entry is used only while the NATS connection that would have brought such an event has been up since
 *   before the entry was learnt: a disconnect makes every entry useless, and nothing is used while NATS is down;
 * - an answer of identity that was asked before an event and arrives after it is not kept ({@link epoch});
 * - an event lost all the same (identity publishes best effort) is outlived by at most SESSION_CACHE_TTL_MS,
 *   and a session deleted by retention (a guest unseen for months) likewise.
 * Signature and expiry of the token are still checked on every request and socket (SessionService.resolve).
 */
@Injectable()
export class SessionCache implements OnModuleInit {
  private readonly entries: LRUCache<string, Entry> | null;
  /** sessionId -> user id index of {@link entries}, to forget a user's sessions. */
  private readonly byUser = new Map<string, Set<string>>();
  private evictions = 0;

  constructor(
    private readonly nats: NatsClient,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.entries =
      env.SESSION_CACHE_TTL_MS > 0
        ? new LRUCache<string, Entry>({
            max: SESSION_CACHE_MAX,
            ttl: env.SESSION_CACHE_TTL_MS,
            dispose: (entry, sessionId) => this.unindex(entry.user.userId, sessionId),
          })
        : null;
  }

  onModuleInit(): void {
    if (!this.entries) return;
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
    const entry = this.entries?.get(sessionId);
    if (!entry) return null;
    const since = this.nats.connectedSince;
    if (since === null || entry.at < since || entry.user.userId !== userId) return null;
    return entry.user;
  }

  /** A mark to take before asking identity, for {@link remember}: the count of forgettings so far. */
  epoch(): number {
    return this.evictions;
  }

  /**
   * Remembers a session identity found live (ValidateSession) or just opened (a sign-in, a guest). A check asked
   * before an event that may concern it and answered after is not remembered (`epoch` is then behind).
   * @param epoch {@link epoch} taken before identity was asked; omitted for a session identity just opened
   */
  remember(user: SessionUser, epoch = this.evictions): void {
    if (!this.entries || epoch !== this.evictions || !this.nats.connected) return;
    const { expiresAt: _expiresAt, ...kept } = user;
    this.entries.set(user.sessionId, { user: kept, at: Date.now() });
    let sessions = this.byUser.get(user.userId);
    if (!sessions) this.byUser.set(user.userId, (sessions = new Set()));
    sessions.add(user.sessionId);
  }

  /** Forgets one session (a sign-out, a session replaced by a sign-in). */
  forgetSession(sessionId: string): void {
    this.evictions++;
    this.entries?.delete(sessionId);
  }

  /** Forgets every session of a user (the user changed, was verified or deleted). */
  forgetUser(userId: string): void {
    this.evictions++;
    const sessions = this.byUser.get(userId);
    if (!sessions || !this.entries) return;
    for (const sessionId of [...sessions]) this.entries.delete(sessionId);
    this.byUser.delete(userId);
  }

  private unindex(userId: string, sessionId: string): void {
    const sessions = this.byUser.get(userId);
    if (!sessions) return;
    sessions.delete(sessionId);
    if (sessions.size === 0) this.byUser.delete(userId);
  }
}
