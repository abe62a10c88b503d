/**
 * The compression worker (spec 001 section 5 "Image compression"; docs/themes.md "Compression"): decodes
 * each picture with createImageBitmap, draws it scaled to fit 800x1200 on an OffscreenCanvas and encodes
 * WebP 0.85 with convertToBlob. Posts progress after each picture, then every result. A failing picture is
 * answered with the spec's error text (the page keeps the original).
 */
import { IMAGE_ERRORS, WEBP_QUALITY, fitWithin, type CompressJob, type CompressResult, type CompressWorkerMessage } from './shared';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ jobs: CompressJob[] }>) => void) | null;
  postMessage(message: CompressWorkerMessage, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

async function compressOne(job: CompressJob): Promise<CompressResult> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([job.bytes], { type: job.type }));
  } catch {
    return { path: job.path, ok: false, error: IMAGE_ERRORS.load };
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return { path: job.path, ok: false, error: IMAGE_ERRORS.noContext };
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
    if (blob.type !== 'image/webp') return { path: job.path, ok: false, error: IMAGE_ERRORS.compress };
    return { path: job.path, ok: true, bytes: await blob.arrayBuffer(), width, height };
  } catch {
    return { path: job.path, ok: false, error: IMAGE_ERRORS.compress };
  } finally {
    bitmap.close();
  }
}

/**
 * Pictures in flight at once: the browser decodes and encodes off this thread, so a few at a time keep
 * more than one core busy (docs/themes.md "Compression"); results keep the jobs' order.
 */
const IN_FLIGHT = 3;

scope.onmessage = async (event) => {
  const { jobs } = event.data;
  const results: CompressResult[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      results[i] = await compressOne(job);
      done++;
      scope.postMessage({ kind: 'progress', current: done, total: jobs.length, path: job.path });
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, jobs.length) }, lane));
  scope.postMessage(
    { kind: 'done', results },
    results.flatMap((r) => (r.ok ? [r.bytes] : [])),
  );
};
