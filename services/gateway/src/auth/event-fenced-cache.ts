import { LRUCache } from 'lru-cache';
import type { NatsClient } from '@nightfall/server-kit';

/** A remembered answer and when it was learnt. */
interface Entry<V> {
  value: V;
  /** The user it concerns: the group {@link EventFencedCache.forgetGroup} forgets. */
  group: string;
  /** When it was learnt, ms since the epoch (compared with the NATS connection's start). */
  at: number;
}

/**
 * Answers of another service that this gateway may reuse for a short time because every change to them is an
 * event on NATS (docs/architecture.md "Session checks" and "Rights checks"). The rules that keep it from believing a
 * stale answer, shared by the session cache and the rights cache:
 * - the owner of an event calls {@link forget} or {@link forgetGroup} (all of one user's entries) when it arrives;
 * - an entry is used only while the NATS connection that would have brought such an event has been up since before
 *   the entry was learnt: a disconnect makes every entry useless, and nothing is used while NATS is down;
 * - an answer that was asked before an event and arrives after it is not kept ({@link epoch});
 * - an event lost all the same (publishers publish best effort) is outlived by at most the time to live (ms).
 * A time to live of 0 keeps nothing.
 */
export class EventFencedCache<V> {
  private readonly entries: LRUCache<string, Entry<V>> | null;
  /** group -> keys index of {@link entries}. */
  private readonly byGroup = new Map<string, Set<string>>();
  private evictions = 0;

  /**
   * @param ttlMs time to live of an entry, ms (0: the cache keeps nothing)
   * @param max most entries kept; the least recently used go first
   */
  constructor(
    private readonly nats: NatsClient,
    private readonly ttlMs: number,
    max: number,
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, Entry<V>>({
            max,
            ttl: ttlMs,
            dispose: (entry, key) => this.unindex(entry.group, key),
          })
        : null;
  }

  /** Whether anything is ever kept (a time to live above 0). */
  get enabled(): boolean {
    return this.entries !== null;
  }

  /**
   * The value remembered under `key` if it was learnt within the time to live and every event since has been heard.
   * @returns null when unknown, stale, or while NATS is (or was meanwhile) down
   */
  get(key: string): { value: V; group: string } | null {
    const entry = this.entries?.get(key);
    if (!entry) return null;
    const since = this.nats.connectedSince;
    if (since === null || entry.at < since) return null;
    return { value: entry.value, group: entry.group };
  }

  /** A mark to take before asking the owning service, for {@link remember}: the count of forgettings so far. */
  epoch(): number {
    return this.evictions;
  }

  /**
   * Remembers an answer. One asked before an event that may concern it and answered after is not remembered
   * (`epoch` is then behind), nor anything while NATS is disconnected.
   * @param epoch {@link epoch} taken before the owner was asked; omitted for a value this gateway was just handed
   * @param untilMs ms until the value stops being true (e.g. the expiry of what it grants): the entry is kept no
   *   longer than that, nor than the time to live; not kept at all when it is not above 0 or not a number
   */
  remember(key: string, group: string, value: V, epoch = this.evictions, untilMs?: number): void {
    if (!this.entries || epoch !== this.evictions || !this.nats.connected) return;
    if (untilMs !== undefined && !(untilMs > 0)) return;
    const ttl = untilMs === undefined ? this.ttlMs : Math.min(this.ttlMs, Math.ceil(untilMs));
    this.entries.set(key, { value, group, at: Date.now() }, { ttl });
    let keys = this.byGroup.get(group);
    if (!keys) this.byGroup.set(group, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets one entry. */
  forget(key: string): void {
    this.evictions++;
    this.entries?.delete(key);
  }

  /** Forgets every entry of a group (a user whose sessions or rights changed). */
  forgetGroup(group: string): void {
    this.evictions++;
    const keys = this.byGroup.get(group);
    if (!keys || !this.entries) return;
    for (const key of [...keys]) this.entries.delete(key);
    this.byGroup.delete(group);
  }

  /** Forgets everything (a change whose user is not named). */
  clear(): void {
    this.evictions++;
    this.entries?.clear();
    this.byGroup.clear();
  }

  private unindex(group: string, key: string): void {
    const keys = this.byGroup.get(group);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.byGroup.delete(group);
  }
}
