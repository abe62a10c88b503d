/**
 * Runs the compression worker from the page (spec 001 section 5; docs/themes.md "Compression").
 */
import type { ImageReplacement } from '@nightfall/themes';
import { t } from '../../../i18n/themes';
import { compressionJobs, replacementsFrom } from './compression';
import type { CompressWorkerMessage } from './shared';

/** Progress of a compression: `current` pictures done of `total`. */
export interface CompressProgress {
  current: number;
  total: number;
}

/** True when this browser can compress in a worker (Worker, OffscreenCanvas, createImageBitmap). */
export function compressionSupported(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

/**
 * Re-encodes the raster pictures of a pack in a Web Worker and returns the replacements to apply
 * (`replaceImages`). Progress is reported after each picture. Without worker support nothing is replaced
 * (logged); a worker crash rejects.
 */
export async function compressPackImages(
  images: ReadonlyMap<string, Uint8Array>,
  onProgress: (p: CompressProgress) => void = () => undefined,
  log: (line: string) => void = () => undefined,
): Promise<Map<string, ImageReplacement>> {
  const jobs = compressionJobs(images);
  if (jobs.length === 0) return new Map();
  if (!compressionSupported()) {
    log(t('themes.log.compression_unavailable'));
    return new Map();
  }
  onProgress({ current: 0, total: jobs.length });
  const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module', name: 'theme-compression' });
  try {
    const results = await new Promise<Extract<CompressWorkerMessage, { kind: 'done' }>['results']>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<CompressWorkerMessage>) => {
        const msg = event.data;
        if (msg.kind === 'progress') onProgress({ current: msg.current, total: msg.total });
        else resolve(msg.results);
      };
      worker.onerror = (event) => reject(new Error(event.message || t('themes.log.compression_failed')));
      worker.postMessage(
        { jobs },
        jobs.map((j) => j.bytes),
      );
    });
    return replacementsFrom(images, results, log).replacements;
  } finally {
    worker.terminate();
  }
}
