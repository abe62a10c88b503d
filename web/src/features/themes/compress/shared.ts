/**
 * What the compression worker and the page share (docs/themes.md "Compression"). Imports nothing, so the
 * worker's bundle stays small.
 */

/** Largest picture after compression, in pixels (spec 001 section 9). */
export const MAX_IMAGE_WIDTH = 800;
export const MAX_IMAGE_HEIGHT = 1200;
/** WebP quality (spec 001 section 9). */
export const WEBP_QUALITY = 0.85;

/** Error texts of spec 001 section 8 "Image". */
export const IMAGE_ERRORS = Object.freeze({
  noContext: 'Could not get canvas context',
  compress: 'Failed to compress image',
  load: 'Failed to load image',
});

/** Size that fits within max width x height keeping proportions; never larger than the original; at least 1x1. */
export function fitWithin(width: number, height: number, maxWidth = MAX_IMAGE_WIDTH, maxHeight = MAX_IMAGE_HEIGHT): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 1, height: 1 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** One picture sent to the worker. */
export interface CompressJob {
  path: string;
  type: string;
  bytes: ArrayBuffer;
}

/** What the worker answers for one picture. */
export type CompressResult =
  | { path: string; ok: true; bytes: ArrayBuffer; width: number; height: number }
  | { path: string; ok: false; error: string };

/** Messages from the worker: progress after each picture (current of total), then all results. */
export type CompressWorkerMessage =
  | { kind: 'progress'; current: number; total: number; path: string }
  | { kind: 'done'; results: CompressResult[] };
