/**
 * The upload of a theme pack (spec 001 section 4 "Upload", section 5 "Upload"; docs/themes.md "Upload"):
 * read the ZIP in any format, compress its pictures when the file is over 1.5 MB, write the normalized
 * pack, check the space, install it in the browser, and, for a signed-in user, upload it to the account
 * (a failure there is only a warning). The steps are passed in so the flow runs in unit tests.
 */
import { ThemePackError, megabytes, readThemeZip, replaceImages, writeNormalizedPack } from '@nightfall/themes';
import type { ImageReplacement, Theme } from '@nightfall/themes';
import { needsCompression } from '../compress/compression';
import type { CompressProgress } from '../compress/compressImages';
import { ThemeStorageError } from '../store/errors';
import { RESERVE_BYTES } from '../store/constants';
import { themeTooLargeMessage } from '../store/space';
import type { PackMetadata, PackServerInfo, StorageStats } from '../store/types';
import { t } from '../../../i18n/themes';

/** The picked file (a `File`). */
export interface UploadFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The steps of an upload. */
export interface UploadSteps {
  compress(images: ReadonlyMap<string, Uint8Array>, onProgress: (p: CompressProgress) => void, log: (line: string) => void): Promise<Map<string, ImageReplacement>>;
  stats(): Promise<StorageStats>;
  install(bytes: Uint8Array, theme: Theme): Promise<PackMetadata>;
  /** Present when the user is signed in: sends the normalized pack to the account. */
  upload?: (bytes: Uint8Array) => Promise<PackServerInfo>;
  saveServerInfo(id: string, info: PackServerInfo): Promise<void>;
  log(line: string): void;
  onProgress?(p: CompressProgress): void;
}

/** A finished upload. */
export interface InstalledPack {
  theme: Theme;
  metadata: PackMetadata;
  /** Size of the stored normalized pack, bytes. */
  size: number;
  compressed: boolean;
  missingImages: string[];
  /** What the server answered, or null (guest, or the upload failed: see the log). */
  server: PackServerInfo | null;
}

/**
 * Processes one picked file.
 * @throws ThemePackError ('Invalid File' / 'Please upload a ZIP file', the reader's messages),
 *   ThemeStorageError ('Theme is too large (...)', the store's messages), or any unexpected error
 */
export async function processUpload(file: UploadFile, steps: UploadSteps): Promise<InstalledPack> {
  if (!/\.zip$/i.test(file.name.trim())) throw new ThemePackError(t('themes.upload.invalid_file.message'), t('themes.upload.invalid_file'));
  steps.log(t('themes.log.reading', { file: file.name, mb: megabytes(file.size) }));
  const parsed = await readThemeZip(await file.arrayBuffer(), file.name);
  parsed.log.forEach((line) => steps.log(line));
  let { theme, images } = parsed;
  const compressed = needsCompression(file.size);
  if (compressed) {
    steps.log(t('themes.log.compressing'));
    const replacements = await steps.compress(images, (p) => steps.onProgress?.(p), (line) => steps.log(line));
    ({ theme, images } = replaceImages(theme, images, replacements));
  }
  const bytes = await writeNormalizedPack(theme, images);
  const stats = await steps.stats();
  if (bytes.byteLength + RESERVE_BYTES > stats.remainingBytes) throw new ThemeStorageError(themeTooLargeMessage(bytes.byteLength, stats.remainingBytes));
  const metadata = await steps.install(bytes, theme);
  steps.log(
    t('themes.log.installed', {
      name: theme.name,
      mb: megabytes(bytes.byteLength),
      storage: metadata.storage === 'opfs' ? t('themes.log.storage.opfs') : t('themes.log.storage.indexeddb'),
    }),
  );
  let server: PackServerInfo | null = null;
  if (steps.upload) {
    try {
      server = await steps.upload(bytes);
      await steps.saveServerInfo(theme.id, server);
      steps.log(t('themes.log.saved_to_account', { id: server.storedThemeId }));
    } catch (err) {
      steps.log(t('themes.log.account_failed', { reason: err instanceof Error ? err.message : String(err) }));
    }
  }
  return { theme, metadata, size: bytes.byteLength, compressed, missingImages: parsed.missingImages, server };
}

/** Toast of a failed upload (spec 001 section 8): 'Invalid File', 'Upload Failed' with the reason, else 'Upload Error'. */
export function uploadFailureToast(err: unknown): { title: string; message: string } {
  const invalidFile = t('themes.upload.invalid_file');
  if (err instanceof ThemePackError && err.title === invalidFile) return { title: invalidFile, message: err.message };
  if (err instanceof ThemePackError || err instanceof ThemeStorageError) return { title: t('themes.upload.failed'), message: err.message };
  const message = err instanceof Error && err.message ? err.message : t('themes.upload.error.fallback');
  return { title: t('themes.upload.error'), message };
}
