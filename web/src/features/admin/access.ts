/**
 * Who may see which admin screen (spec 001 sections 2 and 6), decided from /api/me's `isAdmin` and
 * `isSuperAdmin` for display only: every /api/admin call is enforced by the server. Framework-free.
 */
import type { MeResponse } from '@nightfall/protocol';
import { t } from '../../i18n/admin';

/**
 * The gate a route applies: 'panel' for /admin, /admin/entitlements and /admin/audit (redirects and
 * toasts), 'users' for /admin/users (its own cards), 'roles' for /admin/roles (super admin only), 'theme'
 * for /admin/theme (admins and hosts: spec 001 section 2 "Theme settings").
 */
export type AdminGate = 'panel' | 'users' | 'roles' | 'theme';

/** The console's tabs and their paths. */
export type AdminTab = 'users' | 'entitlements' | 'roles' | 'theme' | 'audit';

export const ADMIN_TAB_PATHS: Record<AdminTab, string> = {
  users: '/admin/users',
  entitlements: '/admin/entitlements',
  roles: '/admin/roles',
  theme: '/admin/theme',
  audit: '/admin/audit',
};

/** The tab of a console path ('/admin' itself shows the Users tab), or null for an unknown path. */
export function tabOf(pathname: string): AdminTab | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return 'users';
  for (const [tab, p] of Object.entries(ADMIN_TAB_PATHS) as [AdminTab, string][]) if (p === path) return tab;
  return null;
}

/** The gate of a console path. */
export function gateOf(pathname: string): AdminGate {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin/users') return 'users';
  if (path === '/admin/roles') return 'roles';
  if (path === '/admin/theme') return 'theme';
  return 'panel';
}

/** What the access check knows: /api/me's answer (null: signed out), whether it is still loading or failed. */
export interface AccessInput {
  me: Pick<MeResponse, 'isGuest' | 'isAdmin' | 'isSuperAdmin'> & Partial<Pick<MeResponse, 'hasHostRights'>> | null;
  /** /api/me has not answered yet. */
  pending: boolean;
  /** /api/me failed for another reason than "no session" (e.g. 503): not a decision about access. */
  failed: boolean;
}

/** A toast to show with a redirect. */
export interface GateToast {
  title: string;
  message?: string;
}

/** What a gate decides. */
export type AccessDecision =
  /** 'Loading... Checking your permissions...' */
  | { kind: 'checking' }
  /** /api/me failed: show its error, decide nothing. */
  | { kind: 'error' }
  /** Signed out or a guest: go to /auth with a toast, or (users page) show the 'Authentication Required' card. */
  | { kind: 'sign-in'; redirect: '/auth' | null; toast: GateToast | null }
  /** Not allowed: go home with the 'Access Denied' toast, or (users page) show the 'Access Denied' card. */
  | { kind: 'denied'; redirect: '/' | null; toast: GateToast | null }
  /** `admin` is false only on the theme gate for a host who is not an admin (the Theme Settings tab alone). */
  | { kind: 'allowed'; superAdmin: boolean; admin: boolean };

/**
 * The decision of `gate` for the current user:
 * - still loading: checking; /api/me failed: error;
 * - signed out or guest: panel -> /auth with 'Authentication Required: Please sign in to access the admin
 *   panel.'; users -> the 'Authentication Required' card; roles -> /auth;
 * - not an admin: panel -> toast 'Access Denied' / "You don't have permission to access the admin panel."
 *   and home; users -> the 'Access Denied' card; roles -> toast 'Access Denied' and home;
 * - an admin who is not the super admin on the roles page: toast 'Access Denied' and home;
 * - the theme page: admins, and hosts with active host rights (spec 001 section 2 "Theme settings": "visible
 *   only to users with an active, unexpired host entitlement; the admin section only to the admin");
 * - otherwise allowed (with whether the user is a super admin, for what the screens show).
 */
export function decideAccess(gate: AdminGate, input: AccessInput): AccessDecision {
  const { me } = input;
  if (!me && input.pending) return { kind: 'checking' };
  if (!me && input.failed) return { kind: 'error' };
  if (!me || me.isGuest) {
    if (gate === 'users') return { kind: 'sign-in', redirect: null, toast: null };
    return { kind: 'sign-in', redirect: '/auth', toast: { title: t('admin.access.auth_required.title'), message: t('admin.access.auth_required.panel') } };
  }
  const superAdmin = me.isSuperAdmin === true;
  const admin = me.isAdmin === true || superAdmin;
  if (gate === 'theme' && !admin && me.hasHostRights === true) return { kind: 'allowed', superAdmin: false, admin: false };
  if (gate === 'roles') {
    if (superAdmin) return { kind: 'allowed', superAdmin, admin };
    return { kind: 'denied', redirect: '/', toast: { title: t('admin.access.denied'), message: admin ? t('admin.access.denied.roles') : t('admin.access.denied.panel') } };
  }
  if (!admin) {
    if (gate === 'users') return { kind: 'denied', redirect: null, toast: null };
    return { kind: 'denied', redirect: '/', toast: { title: t('admin.access.denied'), message: t('admin.access.denied.panel') } };
  }
  return { kind: 'allowed', superAdmin, admin };
}
