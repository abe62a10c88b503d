/** Texts of the theme pack screens, the spec's where it gives them (spec 001 sections 2, 5 and 8). */
export const THEME_TEXT = Object.freeze({
  pageTitle: 'Theme Upload',
  home: 'Home',
  uploadTitle: 'Upload Theme Pack',
  chooseFile: 'Choose ZIP File',
  processing: 'Processing...',
  compressing: 'Compressing images',
  uploaded: 'Theme Uploaded!',
  uploadFailed: 'Upload Failed',
  uploadError: 'Upload Error',
  uploadErrorFallback: 'Failed to process theme pack',
  invalidFile: 'Invalid File',
  invalidFileMessage: 'Please upload a ZIP file',
  storageTitle: 'Storage',
  clearStorage: 'Clear Storage',
  clearStorageConfirm: 'Remove every theme pack stored in this browser? The page reloads afterwards.',
  storageCleared: 'Storage Cleared',
  errorTitle: 'Error',
  clearFailed: 'Failed to clear storage',
  packsTitle: 'My Theme Packs',
  refresh: 'Refresh',
  active: 'Active',
  setActive: 'Set as Active',
  deleteConfirm: 'Delete this theme pack?',
  deleted: 'Theme Deleted',
  deleteFailed: 'Delete Failed',
  deleteFailedFallback: 'Failed to delete theme pack',
  noPacks: 'No theme packs yet. Upload a ZIP to add one.',
  debugLog: 'Debug Log',
  clear: 'Clear',
  formatsTitle: 'Supported formats',
  requirementsTitle: 'Requirements',
});

/** The list of supported formats and requirements of the upload card (spec 001 sections 2 and 5). */
export const FORMAT_LINES: readonly string[] = Object.freeze([
  'theme.json: 26 role names in slot order with team names and colours, or a plain list of 26 names',
  'default_theme_pack.json: card1 to card30, each with a title, description and team',
  'manifest.json: a complete theme (as downloaded from another player)',
]);

/** The stated requirements (spec 001 section 5: stated, the count and the 50 MB limit are not enforced here). */
export const REQUIREMENT_LINES: readonly string[] = Object.freeze([
  'Exactly 26 roles',
  'All role images',
  'Max 50 MB',
  'About 100 MB capacity',
]);
