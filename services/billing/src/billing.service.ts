import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { EntitlementEntity, type EntitlementSource, type EntitlementTier, type EntitlementType } from './entitlement.entity.js';
import { effectiveStatus, pickHostEntitlement, PASS_48H_MS } from './entitlement-policy.js';

/** Injection token of the clock (epoch ms), replaceable in tests. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => number;

const grantSchema = z.object({
  userId: z.string().uuid(),
  userEmail: z.string().max(255),
  type: z.enum(['host', 'admin', 'super_admin']),
  tier: z.enum(['permanent', 'pass_48h']),
  source: z.enum(['stripe', 'manual', 'manual_grant', 'test']),
});

/** Entitlements and host rights (spec 001 sections 3-4). */
@Injectable()
export class BillingService {
  constructor(
    @InjectRepository(EntitlementEntity) private readonly entitlements: Repository<EntitlementEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Wire form with the derived status. */
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

  /** A user's entitlements, newest first. Unknown/invalid user ids give an empty list. */
  async list(userId: string): Promise<billingV1.Entitlement[]> {
    if (!z.string().uuid().safeParse(userId).success) return [];
    const rows = await this.entitlements.find({ where: { userId }, order: { createdAt: 'DESC' } });
    return rows.map((r) => this.toDto(r));
  }

  /** Whether the user may host now, and which entitlement counts. */
  async hostAccess(userId: string): Promise<billingV1.GetHostAccessResponse> {
    if (!z.string().uuid().safeParse(userId).success) return { hasHostRights: false, entitlement: undefined };
    const rows = await this.entitlements.findBy({ userId, type: 'host' });
    const pick = pickHostEntitlement(rows, this.clock());
    return { hasHostRights: pick !== null, entitlement: pick ? this.toDto(pick) : undefined };
  }

  /**
   * Grants an active entitlement; a pass_48h expires 48 h (172,800,000 ms) after the grant.
   * @throws INVALID_ARGUMENT on an unknown type, tier or source
   */
  async grant(req: billingV1.GrantEntitlementRequest): Promise<billingV1.Entitlement> {
    return this.toDto(await this.grantRow(req));
  }

  /**
   * Inserts an active entitlement row (inside `manager`'s transaction when given): the one grant path
   * of manual grants, the Stripe webhook and the test checkout. A pass_48h expires 48 h after now.
   * @param extra payment intent reference and metadata (checkout session, Stripe event)
   * @throws INVALID_ARGUMENT on an unknown type, tier or source
   */
  async grantRow(
    req: billingV1.GrantEntitlementRequest,
    extra: { paymentIntent?: string | null; metadata?: Record<string, unknown> } = {},
    manager?: EntityManager,
  ): Promise<EntitlementEntity> {
    const parsed = grantSchema.safeParse(req);
    if (!parsed.success) {
      throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_GRANT', title: 'Error', message: 'Failed to grant entitlement' });
    }
    const g = parsed.data;
    const now = this.clock();
    const row = this.entitlements.create({
      userId: g.userId,
      userEmail: g.userEmail,
      type: g.type as EntitlementType,
      tier: g.tier as EntitlementTier,
      source: g.source as EntitlementSource,
      status: 'active',
      createdAt: new Date(now),
      updatedAt: new Date(now),
      expiresAt: g.tier === 'pass_48h' ? new Date(now + PASS_48H_MS) : null,
      revokedAt: null,
      paymentIntent: extra.paymentIntent ?? null,
      metadata: extra.metadata ?? {},
    });
    return (manager ? manager.getRepository(EntitlementEntity) : this.entitlements).save(row);
  }

  /** One entitlement row by id, or null. */
  async findRow(id: string, manager?: EntityManager): Promise<EntitlementEntity | null> {
    if (!z.string().uuid().safeParse(id).success) return null;
    return (manager ? manager.getRepository(EntitlementEntity) : this.entitlements).findOneBy({ id });
  }

  /**
   * Revokes an entitlement: it keeps its row but gives no rights any more. Idempotent.
   * @throws NOT_FOUND for an unknown id
   */
  async revoke(entitlementId: string): Promise<billingV1.Entitlement> {
    const row = await this.findRow(entitlementId);
    if (!row) throw rpcError(GrpcStatus.NOT_FOUND, { code: 'ENTITLEMENT_NOT_FOUND', title: 'Error', message: 'Entitlement not found' });
    if (row.status !== 'revoked') {
      const now = new Date(this.clock());
      await this.entitlements.update({ id: row.id }, { status: 'revoked', revokedAt: now, updatedAt: now });
      row.status = 'revoked';
      row.revokedAt = now;
      row.updatedAt = now;
    }
    return this.toDto(row);
  }
}
