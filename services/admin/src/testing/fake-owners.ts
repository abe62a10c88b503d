import { randomUUID } from 'node:crypto';
import { of, throwError, type Observable } from 'rxjs';
import type { billingV1, identityV1 } from '@nightfall/contracts';
import { GrpcStatus } from '@nightfall/server-kit';

/** A gRPC-client-shaped error (what @grpc/grpc-js rejects with): status code and the ErrorBody JSON in details. */
function grpcError(code: GrpcStatus, errorCode: string, message: string): Observable<never> {
  return throwError(() => Object.assign(new Error(message), { code, details: JSON.stringify({ code: errorCode, title: 'Error', message }) }));
}

/** A user as the fake stores it. */
export interface FakeUser {
  id: string;
  email: string;
  displayName: string;
  isGuest: boolean;
  emailVerified: boolean;
  createdAt: string;
  lastLoginAt: string;
}

/**
 * In-memory stand-ins of identity and billing at the gRPC-client boundary (test helper only): the
 * methods the admin service calls, with the owners' documented behaviour (NOT_FOUND for unknown users
 * and entitlements, derived `expired` status, newest first, host status). `down` makes every call fail
 * like an unreachable service.
 */
export class FakeOwners {
  readonly users = new Map<string, FakeUser>();
  readonly entitlements: billingV1.Entitlement[] = [];
  /** Names of the calls made, in order (e.g. 'billing.grantEntitlement'). */
  readonly calls: string[] = [];
  down = false;
  now = () => Date.now();

  /** Adds a user; `verified` marks the e-mail as proven (a followed magic link). */
  addUser(email: string, opts: { verified?: boolean; guest?: boolean; displayName?: string } = {}): FakeUser {
    const u: FakeUser = {
      id: randomUUID(),
      email: opts.guest ? '' : email.toLowerCase(),
      displayName: opts.displayName ?? email.split('@')[0]!,
      isGuest: opts.guest ?? false,
      emailVerified: opts.verified ?? false,
      createdAt: new Date(this.now()).toISOString(),
      lastLoginAt: '',
    };
    this.users.set(u.id, u);
    return u;
  }

  /** Adds an entitlement directly (as a purchase or a seed would). */
  addEntitlement(user: FakeUser, type: string, opts: { tier?: string; status?: string; expiresAt?: string } = {}): billingV1.Entitlement {
    const e: billingV1.Entitlement = {
      id: randomUUID(),
      userId: user.id,
      userEmail: user.email,
      type,
      tier: opts.tier ?? 'permanent',
      status: opts.status ?? 'active',
      source: 'manual',
      createdAt: new Date(this.now() + this.entitlements.length).toISOString(),
      updatedAt: new Date(this.now()).toISOString(),
      expiresAt: opts.expiresAt ?? '',
      revokedAt: opts.status === 'revoked' ? new Date(this.now()).toISOString() : '',
    };
    this.entitlements.push(e);
    return e;
  }

  private status(e: billingV1.Entitlement): string {
    if (e.status === 'revoked') return 'revoked';
    return e.expiresAt && Date.parse(e.expiresAt) <= this.now() ? 'expired' : 'active';
  }

  private view(e: billingV1.Entitlement): billingV1.Entitlement {
    return { ...e, status: this.status(e) };
  }

  private newestFirst(list: billingV1.Entitlement[]): billingV1.Entitlement[] {
    return [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((e) => this.view(e));
  }

  private user(u: FakeUser): identityV1.User {
    return { ...u, preferredThemeId: '' };
  }

  private answer<T>(name: string, value: () => T | Observable<never>): Observable<T> {
    this.calls.push(name);
    if (this.down) return grpcError(GrpcStatus.UNAVAILABLE, 'SERVICE_UNAVAILABLE', 'down');
    const v = value();
    return (typeof v === 'object' && v !== null && 'subscribe' in v ? v : of(v)) as Observable<T>;
  }

  /** The identity client (only the calls the admin service makes). */
  readonly identity: Partial<identityV1.IdentityServiceClient> = {
    getUser: (req) =>
      this.answer('identity.getUser', () => {
        const u = this.users.get(req.userId);
        return u ? this.user(u) : grpcError(GrpcStatus.NOT_FOUND, 'USER_NOT_FOUND', 'User not found');
      }),
    getUserByEmail: (req) =>
      this.answer('identity.getUserByEmail', () => {
        const u = [...this.users.values()].find((x) => !x.isGuest && x.email === req.email.trim().toLowerCase());
        return u ? this.user(u) : grpcError(GrpcStatus.NOT_FOUND, 'USER_NOT_FOUND', 'User not found');
      }),
    searchUsers: (req) =>
      this.answer('identity.searchUsers', () => {
        const q = req.query.trim().toLowerCase();
        const all = [...this.users.values()]
          .filter((u) => !u.isGuest && (!q || u.email.includes(q) || u.id === q))
          .reverse();
        return { users: all.slice(req.offset, req.offset + req.limit).map((u) => this.user(u)), total: all.length };
      }),
  };

  /** The billing client (only the calls the admin service makes). */
  readonly billing: Partial<billingV1.BillingServiceClient> = {
    listEntitlements: (req) =>
      this.answer('billing.listEntitlements', () => ({ entitlements: this.newestFirst(this.entitlements.filter((e) => e.userId === req.userId)) })),
    grantEntitlement: (req) =>
      this.answer('billing.grantEntitlement', () => {
        const u = this.users.get(req.userId);
        if (!u) return grpcError(GrpcStatus.INVALID_ARGUMENT, 'INVALID_GRANT', 'Failed to grant entitlement');
        const e = this.addEntitlement(u, req.type, { tier: req.tier });
        e.source = req.source;
        if (req.tier === 'pass_48h') e.expiresAt = new Date(this.now() + 48 * 3600_000).toISOString();
        return this.view(e);
      }),
    revokeEntitlement: (req) =>
      this.answer('billing.revokeEntitlement', () => {
        const e = this.entitlements.find((x) => x.id === req.entitlementId);
        if (!e) return grpcError(GrpcStatus.NOT_FOUND, 'ENTITLEMENT_NOT_FOUND', 'Entitlement not found');
        if (e.status !== 'revoked') Object.assign(e, { status: 'revoked', revokedAt: new Date(this.now()).toISOString() });
        return this.view(e);
      }),
    searchEntitlements: (req) =>
      this.answer('billing.searchEntitlements', () => {
        const q = req.query.trim().toLowerCase();
        const all = this.newestFirst(this.entitlements).filter(
          (e) => (!req.status || e.status === req.status) && (!q || e.userEmail.includes(q) || e.userId === q || e.id === q),
        );
        return { entitlements: all.slice(req.offset, req.offset + req.limit), total: all.length };
      }),
    getHostAccessMany: (req) =>
      this.answer('billing.getHostAccessMany', () => ({
        users: req.userIds.map((userId) => {
          const mine = this.newestFirst(this.entitlements.filter((e) => e.userId === userId));
          const hosts = mine.filter((e) => e.type === 'host');
          const active = hosts.filter((e) => e.status === 'active');
          const pick = active.find((e) => e.tier === 'permanent') ?? active[0];
          const hostStatus = pick ? 'active' : hosts.some((e) => e.status === 'revoked') ? 'revoked' : hosts.some((e) => e.status === 'expired') ? 'expired' : 'none';
          return {
            userId,
            access: { hasHostRights: !!pick, entitlement: pick, hostStatus, displayedEntitlement: pick ?? hosts[0] },
            activeTypes: [...new Set(mine.filter((e) => e.status === 'active').map((e) => e.type))],
          };
        }),
      })),
  };

  /** A `ClientGrpc` whose getService hands out the fakes (override IDENTITY_CLIENT / BILLING_CLIENT with it). */
  client(which: 'identity' | 'billing'): { getService: () => unknown; getClientByServiceName: () => unknown } {
    const svc = which === 'identity' ? this.identity : this.billing;
    return { getService: () => svc, getClientByServiceName: () => svc };
  }
}
