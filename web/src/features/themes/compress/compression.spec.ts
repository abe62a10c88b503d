import { describe, expect, it } from '@jest/globals';
import { COMPRESSION_THRESHOLD_BYTES, IMAGE_ERRORS, compressionJobs, fitWithin, needsCompression, replacementsFrom, webpPath, type CompressResult } from './compression';

const bytes = (n: number) => new Uint8Array(n).fill(7);

describe('image compression rules (spec 001 section 5)', () => {
  it('compresses uploads over 1.5 MB only', () => {
    expect(COMPRESSION_THRESHOLD_BYTES).toBe(1.5 * 1024 * 1024);
    expect(needsCompression(1.5 * 1024 * 1024)).toBe(false);
    expect(needsCompression(1.5 * 1024 * 1024 + 1)).toBe(true);
  });

  it('fits pictures within 800x1200 keeping proportions, never enlarging', () => {
    expect(fitWithin(1200, 1800)).toEqual({ width: 800, height: 1200 });
    expect(fitWithin(1600, 900)).toEqual({ width: 800, height: 450 });
    expect(fitWithin(500, 3000)).toEqual({ width: 200, height: 1200 });
    expect(fitWithin(400, 600)).toEqual({ width: 400, height: 600 });
    expect(fitWithin(0, 10)).toEqual({ width: 1, height: 1 });
  });

  it('keeps the name with a .webp extension', () => {
    expect(webpPath('roles/bad-guy.png')).toBe('roles/bad-guy.webp');
    expect(webpPath('roles/a.b.JPEG')).toBe('roles/a.b.webp');
    expect(webpPath('x.webp')).toBe('x.webp');
    expect(webpPath('folder.v2/noext')).toBe('folder.v2/noext.webp');
  });

  it('sends only the recognised raster types (jpg, jpeg, png, webp, gif, bmp)', () => {
    const images = new Map(['a.png', 'b.JPG', 'c.jpeg', 'd.webp', 'e.gif', 'f.bmp', 'g.svg'].map((p) => [p, bytes(3)] as const));
    const jobs = compressionJobs(images);
    expect(jobs.map((j) => j.path)).toEqual(['a.png', 'b.JPG', 'c.jpeg', 'd.webp', 'e.gif', 'f.bmp']);
    expect(jobs[1]!.type).toBe('image/jpeg');
    expect(jobs[0]!.bytes.byteLength).toBe(3);
  });

  it('replaces smaller results, keeps the original when a picture fails, grows or collides', () => {
    const images = new Map([
      ['roles/a.png', bytes(100)],
      ['roles/b.png', bytes(100)],
      ['roles/c.png', bytes(100)],
      ['roles/d.png', bytes(100)],
      ['roles/d.webp', bytes(10)],
    ]);
    const results: CompressResult[] = [
      { path: 'roles/a.png', ok: true, bytes: bytes(40).buffer, width: 8, height: 12 },
      { path: 'roles/b.png', ok: false, error: IMAGE_ERRORS.load },
      { path: 'roles/c.png', ok: true, bytes: bytes(150).buffer, width: 8, height: 12 },
      { path: 'roles/d.png', ok: true, bytes: bytes(20).buffer, width: 8, height: 12 },
    ];
    const lines: string[] = [];
    const { replacements, savedBytes } = replacementsFrom(images, results, (l) => lines.push(l));
    expect([...replacements.entries()].map(([k, v]) => [k, v.path, v.bytes.byteLength])).toEqual([['roles/a.png', 'roles/a.webp', 40]]);
    expect(savedBytes).toBe(60);
    expect(lines).toEqual([
      'roles/b.png: Failed to load image; the original is kept.',
      'roles/c.png: WebP is not smaller; the original is kept.',
      'roles/d.png: roles/d.webp already exists; the original is kept.',
      'Compressed 1 of 4 images, 0.00 MB saved.',
    ]);
  });

  it('has the spec error texts', () => {
    expect(IMAGE_ERRORS).toEqual({ noContext: 'Could not get canvas context', compress: 'Failed to compress image', load: 'Failed to load image' });
  });
});
