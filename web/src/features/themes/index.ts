/** Theme packs in the web app (docs/themes.md): the pack store, the upload card, the pack list and the /themes page. */
export * from './store';
export { ThemeUploadCard, type ThemeUploadCardProps } from './ThemeUploadCard';
export { ThemePacksList, type ThemePacksListProps } from './ThemePacksList';
export { StoragePanel } from './StoragePanel';
export { THEME_PACKS_KEY, THEME_STORAGE_STATS_KEY, useRefreshThemePacks, useStorageStats, useThemePacks } from './useThemePacks';
export { processUpload, uploadFailureToast, type InstalledPack } from './upload/uploadPack';
export { uploadPackToServer, PACKS_ENDPOINT, type ServerPackResponse } from './upload/serverUpload';
export { THEME_TEST_IDS } from './testIds';
