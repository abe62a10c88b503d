/** data-testid values of the theme pack screens (for the browser tests). */
export const THEME_TEST_IDS = Object.freeze({
  page: 'themes-page',
  back: 'themes-back',
  uploadCard: 'theme-upload-card',
  fileInput: 'theme-upload-input',
  chooseFile: 'theme-upload-choose',
  /** The compression progress bar; `data-current` and `data-total` hold the numbers. */
  progress: 'theme-upload-progress',
  /** The success or failure banner; `data-state` is 'success' or 'failure'. */
  banner: 'theme-upload-banner',
  storagePanel: 'theme-storage-panel',
  storageCount: 'theme-storage-count',
  storageUsed: 'theme-storage-used',
  storageRemaining: 'theme-storage-remaining',
  storagePercent: 'theme-storage-percent',
  storageClear: 'theme-storage-clear',
  formats: 'theme-formats',
  debugLog: 'theme-debug-log',
  debugLogLine: 'theme-debug-log-line',
  debugLogClear: 'theme-debug-log-clear',
  packsList: 'theme-packs-list',
  packsRefresh: 'theme-packs-refresh',
  /** One pack of the list; `data-pack-id` holds its id, `data-active` 'true' for the active one. */
  packItem: 'theme-pack-item',
  packActive: 'theme-pack-active',
  packDelete: 'theme-pack-delete',
  packSetActive: 'theme-pack-set-active',
});
