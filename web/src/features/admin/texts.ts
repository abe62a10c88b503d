/**
 * Texts of the admin console, word for word from spec 001 (sections 2, 5 and 8). Texts the spec does not
 * give (the info cards' bodies, dialog bodies) are the console's own and live here too.
 */
export const ADMIN_TEXT = {
  /* Access (section 2 "Admin panel", "User Management", "Custom Role Creator") */
  authRequiredTitle: 'Authentication Required',
  authRequiredPanel: 'Please sign in to access the admin panel.',
  authRequiredPage: 'Please sign in to access this page.',
  signIn: 'Sign In',
  checkingTitle: 'Loading...',
  checkingText: 'Checking your permissions...',
  accessDenied: 'Access Denied',
  deniedPanel: "You don't have permission to access the admin panel.",
  deniedPage: "You don't have permission to access this page.",
  deniedRoles: 'Only the super admin can create custom roles.',
  returnHome: 'Return Home',
  backToAdmin: 'Back to Admin',

  /* Console */
  title: 'Admin Panel',
  tabUsers: 'Users',
  tabEntitlements: 'Entitlements',
  tabRoles: 'Custom Roles',
  tabTheme: 'Theme Settings',
  tabAudit: 'Audit Log',
  superAdminBadge: 'Super Admin',
  adminBadge: 'Admin',
  superAdminOnly: 'Super Admin Only',

  /* Users (section 2 "User Management") */
  usersTitle: 'User Management',
  usersSearch: 'Search by email or user ID...',
  loadingUsers: 'Loading users...',
  noUsers: 'No users found',
  refresh: 'Refresh',
  hardRefresh: 'Hard Refresh',
  superAdminCardTitle: 'Super Admin Access',
  superAdminCardText: 'You can grant and remove admin access, grant host entitlements and manage custom roles. The primary account always keeps its admin rights.',
  limitedCardTitle: 'Limited Access',
  limitedCardText: 'You can view users and grant host entitlements. Only a super admin can grant or remove admin access.',
  makeAdmin: 'Make Admin',
  removeAdmin: 'Remove Admin',
  grantAdminTitle: 'Grant Admin Access',
  removeAdminTitle: 'Remove Admin Access',
  grantAdminConfirm: (email: string) => `Are you sure you want to make ${email} an admin? They will be able to manage users, entitlements and themes.`,
  removeAdminConfirm: (email: string) => `Are you sure you want to remove admin access from ${email}? They will lose all admin functions.`,
  adminNow: (email: string, isAdmin: boolean) => `${email} is ${isAdmin ? 'now' : 'no longer'} an admin`,
  grantHost: 'Grant Host',

  /* Entitlements (section 2 "Entitlements page") */
  entitlementsTitle: 'Entitlements',
  entitlementsSearch: 'Search by email or user ID...',
  loadingEntitlements: 'Loading entitlements...',
  noEntitlements: 'No entitlements found',
  revoke: 'Revoke',
  revokeTitle: 'Revoke Entitlement',
  revokeConfirm: 'Are you sure you want to revoke this entitlement?',
  grantTitle: 'Grant Host Entitlement',
  grantSubmit: 'Grant Entitlement',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email',
  tierPermanent: 'Permanent',
  tier48h: '48-Hour',

  /* Custom roles (section 2 "Custom Role Creator", section 5) */
  createRole: 'Create New Role',
  editRole: 'Edit Role',
  existingRoles: 'Existing Custom Roles',
  submitCreate: 'Create Role',
  submitUpdate: 'Update Role',
  cancel: 'Cancel',
  loadingRoles: 'Loading roles...',
  noRoles: 'No custom roles created yet.',
  baseNameRequired: 'Base name is required',
  titlesRequired: 'All theme titles are required',
  missingTitles: (names: string[]) => `Missing titles for: ${names.join(', ')}`,
  deleteRoleConfirm: (name: string) => `Delete role "${name}"?`,
  active: 'Active',
  inactive: 'Inactive',

  /* Theme settings */
  myPreference: 'My Theme Preference',
  myPreferenceHint: 'The theme you see, and the one offered to players in the games you host.',
  defaultForNew: 'Default Theme for New Users',
  defaultForNewHint: 'What visitors without a theme of their own see. Only packs stored with your account can be chosen.',
  live: 'Live',
  currentTheme: 'Current Theme',
  preferenceSaved: 'Theme Preference Saved',
  preferenceFailed: 'Failed to update theme preference',
  fetchPreferenceFailed: 'Failed to fetch user theme preference',
  themeUpdated: 'Theme Updated',
  updateFailed: 'Update Failed',
  globalFailed: 'Failed to update global theme',
  fetchSettingsFailed: 'Failed to fetch theme settings',
  notOnServer: 'This pack is only in this browser: sign in and upload it again to use it for everyone.',

  /* Audit log */
  auditTitle: 'Audit Log',
  loadingAudit: 'Loading audit log...',
  noAudit: 'No admin actions recorded yet.',
} as const;

/** Toast titles of spec 001 section 8 (success and failure). */
export const ADMIN_TOAST = {
  success: 'Success',
  roleCreated: 'Role created successfully',
  roleUpdated: 'Role updated successfully',
  roleDeleted: 'Role deleted successfully',
  granted: 'Host entitlement granted successfully',
  revoked: 'Entitlement revoked successfully',
  createRoleFailed: 'Failed to create role',
  updateRoleFailed: 'Failed to update role',
  deleteRoleFailed: 'Failed to delete role',
  toggleFailed: 'Failed to toggle admin status',
  grantFailed: 'Failed to grant entitlement',
  revokeFailed: 'Failed to revoke entitlement',
  fetchUsersFailed: 'Failed to fetch users',
  fetchEntitlementsFailed: 'Failed to fetch entitlements',
  fetchRolesFailed: 'Failed to fetch roles',
  fetchAuditFailed: 'Failed to fetch audit log',
  accessDenied: 'Access Denied',
} as const;

/** Users-page success toasts last 2 seconds (spec 001 section 8). */
export const USERS_TOAST_SECONDS = 2;
/** Hard Refresh refetches 100 ms after clearing the cache (spec 001 section 9). */
export const HARD_REFRESH_DELAY_MS = 100;
/** Search boxes wait this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 20;
