/**
 * Image compression of large uploads (spec 001 section 5 "Image compression"; docs/themes.md
 * "Compression"): when the uploaded ZIP is over 1.5 MB, each raster picture is scaled to fit 800x1200
 * (proportions kept, never enlarged) and re-encoded as WebP at quality 0.85, in a Web Worker. Pure parts
 * here: which pictures, the target size, the new paths, and what is kept.
 */
import { isCompressibleImage, imageMimeType, megabytes, type ImageReplacement } from '@nightfall/themes';
import { t } from '../../../i18n/themes';
import type { CompressJob, CompressResult } from './shared';

export * from './shared';

/** Uploads above this size are compressed: 1.5 MB (spec 001 section 9). */
export const COMPRESSION_THRESHOLD_BYTES = 1.5 * 1024 * 1024;

/** True when an upload of `fileBytes` is compressed (strictly over 1.5 MB). */
export function needsCompression(fileBytes: number): boolean {
  return fileBytes > COMPRESSION_THRESHOLD_BYTES;
}

/** The path of a re-encoded picture: same name, '.webp' extension ('roles/a.png' -> 'roles/a.webp'). */
export function webpPath(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return `${dot > slash ? path.slice(0, dot) : path}.webp`;
}

/** The pictures of a pack the worker should re-encode (the recognised raster types), in path order. */
export function compressionJobs(images: ReadonlyMap<string, Uint8Array>): CompressJob[] {
  return [...images.keys()]
    .filter(isCompressibleImage)
    .sort()
    .map((path) => {
      const src = images.get(path) as Uint8Array;
      return { path, type: imageMimeType(path), bytes: src.slice().buffer as ArrayBuffer };
    });
}

/**
 * Turns the worker's results into replacements for `replaceImages`: a re-encoded picture replaces the
 * original under its '.webp' path unless it failed (the original is kept and the error logged), came out
 * larger than the original (kept), or its new path is taken by another picture (kept).
 */
export function replacementsFrom(
  images: ReadonlyMap<string, Uint8Array>,
  results: readonly CompressResult[],
  log: (line: string) => void = () => undefined,
): { replacements: Map<string, ImageReplacement>; savedBytes: number } {
  const replacements = new Map<string, ImageReplacement>();
  const taken = new Set(images.keys());
  let savedBytes = 0;
  for (const r of results) {
    const original = images.get(r.path);
    if (!original) continue;
    if (!r.ok) {
      log(t('themes.log.image_failed', { path: r.path, error: r.error }));
      continue;
    }
    if (r.bytes.byteLength >= original.byteLength) {
      log(t('themes.log.image_not_smaller', { path: r.path }));
      continue;
    }
    const path = webpPath(r.path);
    if (path !== r.path && taken.has(path)) {
      log(t('themes.log.image_exists', { path: r.path, target: path }));
      continue;
    }
    taken.delete(r.path);
    taken.add(path);
    replacements.set(r.path, { path, bytes: new Uint8Array(r.bytes) });
    savedBytes += original.byteLength - r.bytes.byteLength;
  }
  log(t('themes.log.compressed', { done: replacements.size, total: results.length, mb: megabytes(savedBytes) }));
  return { replacements, savedBytes };
}
