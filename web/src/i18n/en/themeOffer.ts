/**
 * Texts of the theme offer and Save This Theme (web/src/features/theme-offer; spec 000 sections 2 and 8,
 * spec 001 sections 2 and 8), word for word.
 */
export const THEME_OFFER_EN = {
  'theme_offer.title': "Download Host's Theme?",
  'theme_offer.decline': 'No, Thanks',
  'theme_offer.accept': 'Download Theme',
  'theme_offer.host_fallback': 'The host',
  'theme_offer.intro': '{host} is sharing a theme with the table.',
  'theme_offer.size': 'Size: {mb} MB',
  'theme_offer.downloaded.title': 'Theme Downloaded',
  'theme_offer.downloaded': '"{name}" is now your theme.',
  'theme_offer.declined.title': 'Theme Declined',
  'theme_offer.declined': "You'll continue using your current theme.",
  'theme_offer.download_failed.title': 'Failed to Download Theme',
  'theme_offer.download_failed': 'Could not save the theme to your browser.',
  'theme_offer.save': 'Save This Theme ({name})',
  'theme_offer.saved.title': 'Theme Saved',
  'theme_offer.saved.copied': 'Theme copied to your account and will be used for games you host!',
  'theme_offer.saved.own': 'This theme will now be used for games you host!',
  'theme_offer.save_failed.title': 'Failed to Save Theme',
  'theme_offer.save_failed': 'Failed to save theme',
} as const;
