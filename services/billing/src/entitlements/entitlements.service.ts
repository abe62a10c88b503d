import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { CLOCK, GrpcStatus, isUuid, type Clock } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { billingError, BillingErrorCode } from '../billing-error-code.js';
import { EntitlementEntity } from './entitlement.entity.js';
import { effectiveStatus, displayedHostEntitlement, hostStatus, pickHostEntitlement, PASS_48H_MS } from './entitlement-policy.js';

const grantSchema = z.object({
  userId: z.string().uuid(),
  userEmail: z.string().max(255),
  type: z.enum(['host', 'admin', 'super_admin']),
  tier: z.enum(['permanent', 'pass_48h']),
  source: z.enum(['stripe', 'manual', 'manual_grant', 'test']),
});

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
  constructor(
    @InjectRepository(EntitlementEntity) private readonly entitlements: Repository<EntitlementEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

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
    const rows = await this.entitlements.find({ where: { userId }, order: { createdAt: 'DESC' } });
    return rows.map((r) => this.toDto(r));
  }

  /** Whether the user may host now, and which entitlement counts (a permanent tier wins, else the newest). */
  async hostAccess(userId: string): Promise<billingV1.GetHostAccessResponse> {
    if (!isUuid(userId)) return { hasHostRights: false, entitlement: undefined, hostStatus: 'none', displayedEntitlement: undefined };
    const rows = await this.entitlements.findBy({ userId, type: 'host' });
    const now = this.clock();
    const pick = pickHostEntitlement(rows, now);
    const shown = displayedHostEntitlement(rows, now);
    return {
      hasHostRights: pick !== null,
      entitlement: pick ? this.toDto(pick) : undefined,
      hostStatus: hostStatus(rows, now),
      displayedEntitlement: shown ? this.toDto(shown) : undefined,
    };
  }

  /**
   * Grants an active entitlement; a pass_48h expires 48 h (172,800,000 ms) after the grant.
   * @throws INVALID_ARGUMENT `INVALID_GRANT` on a malformed user id or an unknown type, tier or source
   */
  async grant(req: billingV1.GrantEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.toDto(await this.grantRow(req));
  }

  /**
   * Inserts an active entitlement row (inside `manager`'s transaction when given): the one grant path
   * of manual grants, the Stripe webhook and the test checkout. A pass_48h expires 48 h after now.
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
   * Revokes an entitlement: it keeps its row but gives no rights any more. Idempotent.
   * @throws NOT_FOUND `ENTITLEMENT_NOT_FOUND` for an unknown id
   */
  async revoke(entitlementId: string): Promise<billingV1.Entitlement> {
    const row = await this.findRow(entitlementId);
    if (!row) throw billingError(GrpcStatus.NOT_FOUND, BillingErrorCode.ENTITLEMENT_NOT_FOUND, 'Entitlement not found');
    if (row.status !== 'revoked') {
      const now = new Date(this.clock());
      await this.entitlements.update({ id: row.id }, { status: 'revoked', revokedAt: now, updatedAt: now });
      row.status = 'revoked';
      row.revokedAt = now;
      row.updatedAt = now;
    }
    return this.toDto(row);
  }

  private repo(manager?: EntityManager): Repository<EntitlementEntity> {
    return manager ? manager.getRepository(EntitlementEntity) : this.entitlements;
  }
}
