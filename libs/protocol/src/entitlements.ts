/**
 * Entitlements as the REST API shows them (spec 001 sections 3 and 4): the account screens (`/api/me`, in
 * `index.ts`) and the admin console (`admin.ts`) both use these, so they stand apart from either.
 */

/** Host entitlement as returned in /api/me (spec 001 section 3). */
export interface EntitlementDto {
  id: string;
  type: 'host' | 'admin' | 'super_admin';
  tier: 'permanent' | 'pass_48h';
  status: 'active' | 'revoked' | 'expired';
  source: 'stripe' | 'manual' | 'manual_grant' | 'test';
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** Host Status of an account (see `MeResponse.hostStatus` in `index.ts`). */
export type HostStatus = 'active' | 'revoked' | 'expired' | 'none';
