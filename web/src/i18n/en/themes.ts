/**
 * Texts of the theme pack screens (web/src/features/themes): /themes, the upload card with its storage
 * panel, formats help and debug log, the pack list, and the store's and the upload's messages (spec 001
 * sections 2, 5 and 8, word for word where the spec gives them). Date patterns are dayjs formats.
 */
export const THEMES_EN = {
  'themes.page_title': 'Theme Upload',
  'themes.home': 'Home',

  // Upload card
  'themes.upload.title': 'Upload Theme Pack',
  'themes.upload.choose_file': 'Choose ZIP File',
  'themes.upload.processing': 'Processing...',
  'themes.upload.compressing': 'Compressing images {current}/{total}',
  'themes.upload.uploaded': 'Theme Uploaded!',
  'themes.upload.installed': '"{name}" is installed in this browser.',
  'themes.upload.installed.missing_one': '"{name}" is installed in this browser ({count} image missing).',
  'themes.upload.installed.missing_many': '"{name}" is installed in this browser ({count} images missing).',
  'themes.upload.failed': 'Upload Failed',
  'themes.upload.error': 'Upload Error',
  'themes.upload.error.fallback': 'Failed to process theme pack',
  'themes.upload.invalid_file': 'Invalid File',
  'themes.upload.invalid_file.message': 'Please upload a ZIP file',
  'themes.upload.failure_line': '{title}: {message}',
  'themes.upload.network_error': 'Network error',
  'themes.upload.unexpected_answer': 'Unexpected answer to the pack upload',

  // Debug log lines of an upload
  'themes.log.reading': 'Reading {file} ({mb} MB)',
  'themes.log.compressing': 'The file is over 1.5 MB: compressing images to WebP (800x1200 max).',
  'themes.log.installed': 'Installed "{name}" ({mb} MB, {storage})',
  'themes.log.storage.opfs': 'file system',
  'themes.log.storage.indexeddb': 'IndexedDB',
  'themes.log.saved_to_account': 'Saved to your account (stored theme {id}).',
  'themes.log.account_failed': 'Warning: the pack could not be saved to your account ({reason}). It stays installed in this browser.',
  'themes.log.compression_unavailable': 'Image compression is not available in this browser; the images are kept as they are.',
  'themes.log.compression_failed': 'Image compression failed',
  'themes.log.image_failed': '{path}: {error}; the original is kept.',
  'themes.log.image_not_smaller': '{path}: WebP is not smaller; the original is kept.',
  'themes.log.image_exists': '{path}: {target} already exists; the original is kept.',
  'themes.log.compressed': 'Compressed {done} of {total} images, {mb} MB saved.',

  // Storage panel
  'themes.storage.title': 'Storage',
  'themes.storage.clear': 'Clear Storage',
  'themes.storage.clear.confirm': 'Remove every theme pack stored in this browser? The page reloads afterwards.',
  'themes.storage.cleared.title': 'Storage Cleared',
  'themes.storage.cleared': 'Every theme pack was removed from this browser.',
  'themes.storage.clear_failed.title': 'Error',
  'themes.storage.clear_failed': 'Failed to clear storage',
  'themes.storage.count': 'Themes',
  'themes.storage.used': 'Used',
  'themes.storage.remaining': 'Remaining',
  'themes.storage.percent': 'Quota used',
  'themes.storage.mb': '{mb} MB',
  'themes.storage.percent_value': '{percent}%',

  // Store messages (spec 001 section 8 "Storage")
  'themes.store.not_enough_space': 'Not enough storage space. Need {need} MB but only {available} MB available. Try removing older theme packs.',
  'themes.store.too_large': 'Theme is too large ({size} MB). Only {remaining} MB remaining. Try removing older themes or using smaller images.',
  'themes.store.quota_exceeded': 'Storage quota exceeded. Try removing older theme packs.',
  'themes.store.unsupported': 'Theme packs are not supported in this browser: IndexedDB is not available.',
  'themes.store.pack_not_found': 'Pack not found',
  'themes.store.opfs_read_failed': 'Failed to read OPFS-stored pack "{id}" ({reason}). The pack may need to be re-installed.',
  'themes.store.not_in_storage': 'Theme pack not found in storage',

  // Pack list
  'themes.packs.title': 'My Theme Packs',
  'themes.packs.refresh': 'Refresh',
  'themes.packs.active': 'Active',
  'themes.packs.set_active': 'Set as Active',
  'themes.packs.delete': 'Delete {name}',
  'themes.packs.delete.confirm': 'Delete this theme pack?',
  'themes.packs.delete.ok': 'Delete',
  'themes.packs.deleted.title': 'Theme Deleted',
  'themes.packs.deleted': '"{name}" was removed.',
  'themes.packs.delete_failed.title': 'Delete Failed',
  'themes.packs.delete_failed': 'Failed to delete theme pack',
  'themes.packs.none': 'No theme packs yet. Upload a ZIP to add one.',
  'themes.packs.created': 'Created {date}',
  'themes.packs.date': 'MMM D, YYYY h:mm A',

  // Debug log
  'themes.debug_log.title': 'Debug Log',
  'themes.debug_log.clear': 'Clear',
  'themes.debug_log.empty': 'No messages yet.',

  // Formats help (spec 001 sections 2 and 5: stated, the count and the 50 MB limit are not enforced here)
  'themes.formats.title': 'Supported formats',
  'themes.formats.theme_json': 'theme.json: 26 role names in slot order with team names and colours, or a plain list of 26 names',
  'themes.formats.default_pack': 'default_theme_pack.json: card1 to card30, each with a title, description and team',
  'themes.formats.manifest': 'manifest.json: a complete theme (as downloaded from another player)',
  'themes.requirements.title': 'Requirements',
  'themes.requirements.roles': 'Exactly 26 roles',
  'themes.requirements.images': 'All role images',
  'themes.requirements.max_size': 'Max 50 MB',
  'themes.requirements.capacity': 'About 100 MB capacity',
} as const;
