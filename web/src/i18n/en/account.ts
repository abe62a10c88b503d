/**
 * Texts of the account screens (web/src/features/account): the profile modal, its Host Access block,
 * the Account Information card, the host pass banner and the host-access formatting (spec 001 sections 2
 * and 9, word for word). Date patterns are dayjs formats. The in-game account modal's texts are the game
 * screens' (`account.title`, `account.email`...).
 */
export const ACCOUNT_EN = {
  'account.user_fallback': 'Player',
  'account.none': 'None',

  // Host-access formatting (hostAccess.ts)
  'account.time_left': '{hours}h {minutes}m',
  'account.expired': 'Expired',
  'account.pass_banner': 'Host Pass expires in: {time}',
  'account.status.permanent': 'Active (Permanent)',
  'account.status.pass': 'Active (Pass) - {time} left',
  'account.status.revoked': 'Revoked',
  'account.status.expired': 'Expired',
  'account.status.none': 'No Access',
  'account.tier.permanent': 'Permanent',
  'account.tier.pass_48h': '48-Hour Pass',
  'account.source.stripe': 'Card payment',
  'account.source.manual': 'Manual',
  'account.source.manual_grant': 'Granted by an admin',
  'account.source.test': 'Test payment',
  'account.source.unknown': 'Unknown',
  'account.expires_on': 'Expires on',
  'account.expired_on': 'Expired on',
  'account.date.long': 'MMMM D, YYYY',
  'account.date.time': 'MMM D, YYYY h:mm A',

  // Account Information card
  'account.info.title': 'Account Information',
  'account.info.close': 'Close',
  'account.info.email': 'Email',
  'account.info.member_since': 'Member Since',
  'account.info.last_login': 'Last Login',
  'account.info.host_status': 'Host Status',

  // Host Access block of the profile modal
  'account.host_access.title': 'Host Access',
  'account.host_access.type': 'Type',
  'account.host_access.source': 'Source',
  'account.host_access.active': 'Active',
  'account.host_access.revoked': 'Revoked',
  'account.host_access.expired': 'Expired',

  // Profile modal
  'account.profile.title': 'Profile',
  'account.profile.account_info': 'Account Information',
  'account.profile.edit': 'Edit Profile',
  'account.profile.theme_settings': 'Theme Settings',
  'account.profile.sign_out': 'Sign Out',
  'account.profile.logged_out.title': 'Logged Out',
  'account.profile.logged_out': 'You have been logged out successfully',
} as const;
