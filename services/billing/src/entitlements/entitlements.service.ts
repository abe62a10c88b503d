import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { CommonErrorCode } from '@nightfall/protocol';
import { CLOCK, GrpcStatus, isUuid, preparedQuery, type Clock, type PreparedStatement } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { billingError, BillingErrorCode } from '../billing-error-code.js';
import { EntitlementEvents } from '../events/entitlement-events.service.js';
import { EntitlementEntity } from './entitlement.entity.js';
import {
  activeTypes,
  displayedHostEntitlement,
  effectiveStatus,
  hostStatus,
  pickHostEntitlement,
  PASS_48H_MS,
} from './entitlement-policy.js';

const grantSchema = z.object({
  userId: z.string().uuid(),
  userEmail: z.string().max(255),
  type: z.enum(['host', 'admin', 'super_admin']),
  tier: z.enum(['permanent', 'pass_48h']),
  source: z.enum(['stripe', 'manual', 'manual_grant', 'test']),
});

/** Most user ids one GetHostAccessMany call may ask for. */
export const HOST_ACCESS_MANY_MAX = 500;

/** Largest page of SearchEntitlements. */
export const SEARCH_LIMIT_MAX = 100;

/** Status filters of SearchEntitlements ('' = all). */
const SEARCH_STATUSES = ['', 'active', 'revoked', 'expired'] as const;
type SearchStatus = (typeof SEARCH_STATUSES)[number];

/** The LIKE pattern matching any text that contains `part` literally (`%`, `_` and `\\` escaped). */
export function containsPattern(part: string): string {
  return `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Extras stored with a granted entitlement: the payment intent and free-form metadata (checkout, Stripe event). */
export interface GrantExtra {
  paymentIntent?: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * Entitlements and host rights (docs/architecture.md "Feature modules"; spec 001 sections 3-4): the
 * `billing.entitlements` rows and the host-rights policy of `entitlement-policy.ts`. Every grant goes
 * through {@link grantRow}: manual grants, the Stripe webhook and the test checkout.
 */
@Injectable()
export class EntitlementsService {
  /**
   * The reads every room creation, /api/me and admin check make ({@link hostAccess}, {@link list}), as prepared
   * statements that return entity fields (docs/hot-path.md "Prepared statements").
   */
  private readonly reads: { hostRows: PreparedStatement; userRows: PreparedStatement };

  constructor(
    @InjectRepository(EntitlementEntity) private readonly entitlements: Repository<EntitlementEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: EntitlementEvents,
  ) {
    const { schema, tableName } = entitlements.metadata;
    const table = schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
    const fields = entitlements.metadata.columns.map((c) => `"${c.databaseName}" AS "${c.propertyName}"`).join(', ');
    this.reads = {
      hostRows: { name: 'billing-host-entitlements', text: `SELECT ${fields} FROM ${table} WHERE user_id = $1 AND type = 'host'` },
      userRows: { name: 'billing-user-entitlements', text: `SELECT ${fields} FROM ${table} WHERE user_id = $1 ORDER BY created_at DESC` },
    };
  }

  /** Rows of a {@link reads} statement as entities (the driver already parsed dates and jsonb). */
  private async readRows(statement: PreparedStatement, userId: string): Promise<EntitlementEntity[]> {
    const rows = await preparedQuery<Partial<EntitlementEntity>>(this.entitlements.manager, statement, [userId]);
    return rows.map((r) => Object.assign(new EntitlementEntity(), r));
  }

  /**
   * Publishes `billing.entitlement.<kind>` with `{v: 1, entitlement}` (after the caller's commit;
   * never throws, never waits: see EntitlementEvents).
   */
  announce(kind: 'granted' | 'revoked', entitlement: billingV1.Entitlement): void {
    void this.events.publish(kind, entitlement);
  }

  /** Wire form with the status derived now ('expired' is never stored); ISO-8601 dates, '' when unset. */
  toDto(e: EntitlementEntity): billingV1.Entitlement {
    return {
      id: e.id,
      userId: e.userId,
      userEmail: e.userEmail,
      type: e.type,
      tier: e.tier,
      status: effectiveStatus(e, this.clock()),
      source: e.source,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      expiresAt: e.expiresAt?.toISOString() ?? '',
      revokedAt: e.revokedAt?.toISOString() ?? '',
    };
  }

  /** A user's entitlements, newest first. Unknown or malformed user ids give an empty list. */
  async list(userId: string): Promise<billingV1.Entitlement[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.readRows(this.reads.userRows, userId);
    return rows.map((r) => this.toDto(r));
  }

  /** Whether the user may host now, and which entitlement counts (a permanent tier wins, else the newest). */
  async hostAccess(userId: string): Promise<billingV1.GetHostAccessResponse> {
    const rows = isUuid(userId) ? await this.readRows(this.reads.hostRows, userId) : [];
    return this.accessOf(rows, this.clock());
  }

  /**
   * GetHostAccess for several users with one query: for each distinct id (in request order, malformed
   * and unknown ids included, with no rights), the same answer as {@link hostAccess} and the types
   * with an active, unexpired entitlement (host, admin, super_admin).
   * @param userIds at most 500
   * @throws INVALID_ARGUMENT `INVALID_INPUT` for more than 500 ids
   */
  async hostAccessMany(userIds: readonly string[]): Promise<billingV1.UserHostAccess[]> {
    if (userIds.length > HOST_ACCESS_MANY_MAX) {
      throw billingError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, `At most ${HOST_ACCESS_MANY_MAX} user ids per call`);
    }
    const distinct = new Map<string, string>(); // lower-cased id -> id as asked
    for (const id of userIds) if (!distinct.has(id.toLowerCase())) distinct.set(id.toLowerCase(), id);
    const valid = [...distinct.keys()].filter(isUuid);
    const rows = valid.length > 0 ? await this.entitlements.findBy({ userId: In(valid) }) : [];
    const byUser = new Map<string, EntitlementEntity[]>();
    for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
    const now = this.clock();
    return [...distinct].map(([key, userId]) => {
      const mine = byUser.get(key) ?? [];
      return { userId, access: this.accessOf(mine, now), activeTypes: activeTypes(mine, now) };
    });
  }

  /**
   * Searches every user's entitlements (the admin console), newest first (`created_at DESC`, then id),
   * paged on the server. Served by the indexes of migration 1765000000001 (pg_trgm GIN on
   * `lower(user_email)`, `created_at`) and the user id index.
   * @param status '' (all), 'active' (not revoked, no expiry or expiry in the future), 'revoked', or
   *   'expired' (not revoked, `expires_at` <= now: derived, never stored)
   * @param query trimmed; '' = all; a whole uuid matches that entitlement id or user id; anything
   *   else (and a uuid too) matches holders' e-mails containing it, case-insensitive (`%`, `_` literal)
   * @param offset rows to skip, 0 or more; `limit` 1-100 rows
   * @returns the page (statuses derived now) and the number of matches in all
   * @throws INVALID_ARGUMENT `INVALID_INPUT` for an unknown status, a negative offset or a limit outside 1-100
   */
  async search(status: string, query: string, offset: number, limit: number): Promise<{ entitlements: billingV1.Entitlement[]; total: number }> {
    if (!SEARCH_STATUSES.includes(status as SearchStatus)) {
      throw billingError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, "status must be active, revoked, expired or ''");
    }
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT_MAX) {
      throw billingError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, `limit must be 1-${SEARCH_LIMIT_MAX} and offset 0 or more`);
    }
    const now = new Date(this.clock());
    const qb = this.entitlements.createQueryBuilder('e');
    if (status === 'active') qb.andWhere(`e.status = 'active' AND (e.expires_at IS NULL OR e.expires_at > :now)`, { now });
    if (status === 'expired') qb.andWhere(`e.status = 'active' AND e.expires_at <= :now`, { now });
    if (status === 'revoked') qb.andWhere(`e.status = 'revoked'`);
    const q = (query ?? '').trim();
    if (q) {
      const pattern = containsPattern(q.toLowerCase());
      if (isUuid(q)) {
        const id = q.toLowerCase();
        qb.andWhere(new Brackets((b) => b.where('e.id = :id', { id }).orWhere('e.user_id = :id', { id }).orWhere('lower(e.user_email) LIKE :pattern', { pattern })));
      } else {
        qb.andWhere('lower(e.user_email) LIKE :pattern', { pattern });
      }
    }
    const counted = await qb.clone().select('COUNT(*)', 'n').getRawOne<{ n: string }>();
    const total = Number(counted?.n ?? 0);
    const rows = total > offset ? await qb.orderBy('e.created_at', 'DESC').addOrderBy('e.id', 'DESC').offset(offset).limit(limit).getMany() : [];
    return { entitlements: rows.map((r) => this.toDto(r)), total };
  }

  /**
   * Grants an active entitlement of any type (host; admin and super_admin, which the admin service
   * grants with tier permanent) and publishes `billing.entitlement.granted`; a pass_48h expires 48 h
   * (172,800,000 ms) after the grant.
   * @throws INVALID_ARGUMENT `INVALID_GRANT` on a malformed user id or an unknown type, tier or source
   */
  async grant(req: billingV1.GrantEntitlementRequest): Promise<billingV1.Entitlement> {
    const granted = this.toDto(await this.grantRow(req));
    this.announce('granted', granted);
    return granted;
  }

  /**
   * Inserts an active entitlement row (inside `manager`'s transaction when given): the one grant path
   * of manual grants, the Stripe webhook and the test checkout. A pass_48h expires 48 h after now.
   * Publishes nothing: the caller announces `granted` once its transaction committed.
   * @param extra payment intent reference and metadata (checkout session, Stripe event)
   * @throws INVALID_ARGUMENT `INVALID_GRANT` on a malformed user id or an unknown type, tier or source
   */
  async grantRow(req: billingV1.GrantEntitlementRequest, extra: GrantExtra = {}, manager?: EntityManager): Promise<EntitlementEntity> {
    const parsed = grantSchema.safeParse(req);
    if (!parsed.success) throw billingError(GrpcStatus.INVALID_ARGUMENT, BillingErrorCode.INVALID_GRANT, 'Failed to grant entitlement');
    const g = parsed.data;
    const now = this.clock();
    const row = this.entitlements.create({
      userId: g.userId,
      userEmail: g.userEmail,
      type: g.type,
      tier: g.tier,
      source: g.source,
      status: 'active',
      createdAt: new Date(now),
      updatedAt: new Date(now),
      expiresAt: g.tier === 'pass_48h' ? new Date(now + PASS_48H_MS) : null,
      revokedAt: null,
      paymentIntent: extra.paymentIntent ?? null,
      metadata: extra.metadata ?? {},
    });
    return this.repo(manager).save(row);
  }

  /** One entitlement row by id, or null for an unknown or malformed id. */
  async findRow(id: string, manager?: EntityManager): Promise<EntitlementEntity | null> {
    return isUuid(id) ? this.repo(manager).findOneBy({ id }) : null;
  }

  /**
   * Revokes an entitlement: it keeps its row but gives no rights any more. Idempotent: only the call
   * that changes the row (an atomic UPDATE ... WHERE status = 'active') sets `revoked_at` and publishes
   * `billing.entitlement.revoked`.
   * @throws NOT_FOUND `ENTITLEMENT_NOT_FOUND` for an unknown id
   */
  async revoke(entitlementId: string): Promise<billingV1.Entitlement> {
    const row = await this.findRow(entitlementId);
    if (!row) throw billingError(GrpcStatus.NOT_FOUND, BillingErrorCode.ENTITLEMENT_NOT_FOUND, 'Entitlement not found');
    if (row.status === 'revoked') return this.toDto(row);
    const now = new Date(this.clock());
    const result = await this.entitlements.update({ id: row.id, status: 'active' }, { status: 'revoked', revokedAt: now, updatedAt: now });
    if (!result.affected) return this.toDto((await this.findRow(row.id)) ?? row); // revoked meanwhile by another call
    row.status = 'revoked';
    row.revokedAt = now;
    row.updatedAt = now;
    const revoked = this.toDto(row);
    this.announce('revoked', revoked);
    return revoked;
  }

  /**
   * Revokes, inside `manager`'s transaction, every active entitlement a payment granted (a refund or a
   * dispute: docs/architecture.md "Payments: refunds and disputes"), and notes why in its metadata
   * (`revocation: {reason, eventId, at}`). Publishes nothing: the caller announces `revoked` for each
   * returned row once its transaction committed.
   * @param paymentIntent the payment's intent id (`pi_...`)
   * @returns the rows it revoked (none when nothing active carries that payment intent)
   */
  async revokeByPaymentIntent(paymentIntent: string, why: { reason: 'refund' | 'dispute'; eventId: string }, manager: EntityManager): Promise<EntitlementEntity[]> {
    const now = new Date(this.clock());
    const revocation = JSON.stringify({ revocation: { reason: why.reason, eventId: why.eventId, at: now.toISOString() } });
    const result = await manager
      .createQueryBuilder()
      .update(EntitlementEntity)
      .set({ status: 'revoked', revokedAt: now, updatedAt: now, metadata: () => `metadata || CAST(:revocation AS jsonb)` })
      .where('payment_intent = :paymentIntent AND status = :active', { paymentIntent, active: 'active' })
      .setParameter('revocation', revocation)
      .returning('id')
      .execute();
    const ids = (result.raw as Array<{ id: string }>).map((r) => r.id);
    return ids.length > 0 ? manager.getRepository(EntitlementEntity).findBy({ id: In(ids) }) : [];
  }

  /** GetHostAccess of a user's rows (host rows are enough; others are ignored). @param now epoch ms */
  private accessOf(rows: readonly EntitlementEntity[], now: number): billingV1.GetHostAccessResponse {
    const pick = pickHostEntitlement(rows, now);
    const shown = displayedHostEntitlement(rows, now);
    return {
      hasHostRights: pick !== null,
      entitlement: pick ? this.toDto(pick) : undefined,
      hostStatus: hostStatus(rows, now),
      displayedEntitlement: shown ? this.toDto(shown) : undefined,
    };
  }

  private repo(manager?: EntityManager): Repository<EntitlementEntity> {
    return manager ? manager.getRepository(EntitlementEntity) : this.entitlements;
  }
}
