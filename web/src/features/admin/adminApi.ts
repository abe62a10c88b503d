/**
 * Calls of the admin console (spec 001 section 7, `libs/protocol/src/admin.ts`) and their query keys.
 * Every call is enforced by the server; a 401/403 answer is shown like any other failure.
 */
import type {
  AdminEntitlementDto,
  AdminEntitlementsResponse,
  AdminUsersResponse,
  AuditLogResponse,
  CustomRoleBody,
  CustomRoleDto,
  EntitlementDto,
  GrantEntitlementBody,
  ToggleAdminResponse,
} from '@nightfall/protocol';
import { t } from '../../i18n/admin';
import { apiFetch } from '../../lib/api';

/** Query of a paged list. */
export interface PageQuery {
  page: number;
  pageSize: number;
  search?: string;
}

/** Status filter of the entitlements list ('' = all). */
export type EntitlementStatusFilter = '' | EntitlementDto['status'];

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Query keys: every admin query lives under ['admin']. */
export const ADMIN_KEYS = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  usersPage: (q: PageQuery) => ['admin', 'users', q] as const,
  entitlements: ['admin', 'entitlements'] as const,
  entitlementsPage: (q: PageQuery & { status: EntitlementStatusFilter }) => ['admin', 'entitlements', q] as const,
  roles: ['admin', 'custom-roles'] as const,
  audit: ['admin', 'audit-log'] as const,
  auditPage: (q: PageQuery) => ['admin', 'audit-log', q] as const,
};

export const adminApi = {
  /** GET /api/admin/users?search=&page=&pageSize= */
  users: (q: PageQuery, signal?: AbortSignal) =>
    apiFetch<AdminUsersResponse>(`/api/admin/users${query({ search: q.search?.trim(), page: q.page, pageSize: q.pageSize })}`, { signal }),
  /** GET /api/admin/entitlements?status=&search=&page=&pageSize= */
  entitlements: (q: PageQuery & { status: EntitlementStatusFilter }, signal?: AbortSignal) =>
    apiFetch<AdminEntitlementsResponse>(
      `/api/admin/entitlements${query({ status: q.status, search: q.search?.trim(), page: q.page, pageSize: q.pageSize })}`,
      { signal },
    ),
  /** POST /api/admin/entitlements/{id}/revoke (empty body). */
  revoke: (id: string) => apiFetch<AdminEntitlementDto | null>(`/api/admin/entitlements/${encodeURIComponent(id)}/revoke`, { method: 'POST' }),
  /** POST /api/admin/toggle-admin {userIdentifier} -> {message, userEmail, isAdmin}. */
  toggleAdmin: (userIdentifier: string) => apiFetch<ToggleAdminResponse>('/api/admin/toggle-admin', { method: 'POST', body: { userIdentifier } }),
  /** POST /api/admin/grant-entitlement {email, type: 'host', tier}. */
  grant: (body: GrantEntitlementBody) => apiFetch<unknown>('/api/admin/grant-entitlement', { method: 'POST', body }),
  /** GET /api/admin/custom-roles: the list (a bare array, or wrapped in `roles`/`items`). */
  roles: async (signal?: AbortSignal): Promise<CustomRoleDto[]> => rolesOf(await apiFetch<unknown>('/api/admin/custom-roles', { signal })),
  /** POST /api/admin/custom-roles */
  createRole: (body: CustomRoleBody) => apiFetch<CustomRoleDto>('/api/admin/custom-roles', { method: 'POST', body }),
  /** PATCH /api/admin/custom-roles/{id} */
  updateRole: (id: string, body: CustomRoleBody) => apiFetch<CustomRoleDto>(`/api/admin/custom-roles/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  /** DELETE /api/admin/custom-roles/{id} */
  deleteRole: (id: string) => apiFetch<unknown>(`/api/admin/custom-roles/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** GET /api/admin/audit-log?page=&pageSize= (newest first). */
  auditLog: (q: PageQuery, signal?: AbortSignal) => apiFetch<AuditLogResponse>(`/api/admin/audit-log${query({ page: q.page, pageSize: q.pageSize })}`, { signal }),
};

/** The roles of a GET /api/admin/custom-roles answer. */
export function rolesOf(body: unknown): CustomRoleDto[] {
  if (Array.isArray(body)) return body as CustomRoleDto[];
  if (body && typeof body === 'object') {
    const list = (body as { roles?: unknown; items?: unknown }).roles ?? (body as { items?: unknown }).items;
    if (Array.isArray(list)) return list as CustomRoleDto[];
  }
  return [];
}

/** The message of a failed call: the server's error message (ErrorBody), else 'status: text'. */
export function failureText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return t('admin.try_later');
}
