import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
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
  private toDto(e: EntitlementEntity): billingV1.Entitlement {
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
      paymentIntent: null,
      metadata: {},
    });
    return this.toDto(await this.entitlements.save(row));
  }
}
