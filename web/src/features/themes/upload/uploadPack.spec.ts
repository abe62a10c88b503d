import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { GENERIC_THEME, ThemePackError, readNormalizedPack, type Theme } from '@nightfall/themes';
import { ThemeStorageError } from '../store/errors';
import type { PackMetadata, PackServerInfo, StorageStats } from '../store/types';
import { processUpload, uploadFailureToast, type UploadSteps } from './uploadPack';

const MB = 1024 * 1024;

async function packFile(name: string, extraBytes = 0): Promise<{ name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> }> {
  const zip = new JSZip();
  const manifest = JSON.parse(JSON.stringify(GENERIC_THEME)) as Theme;
  manifest.id = 'up-test';
  manifest.name = 'Up Test';
  manifest.roles['Bad Guy'].image = 'art/bad.png';
  zip.file('manifest.json', JSON.stringify(manifest));
  zip.file('art/bad.png', new Uint8Array(64).fill(1));
  zip.file('art/filler.bin', new Uint8Array(extraBytes), { compression: 'STORE' });
  const bytes = await zip.generateAsync({ type: 'uint8array' });
  return { name, size: bytes.byteLength, arrayBuffer: async () => bytes.slice().buffer };
}

const STATS: StorageStats = { count: 0, usedBytes: 0, quotaBytes: 100 * MB, remainingBytes: 100 * MB, percent: 0 };

function steps(overrides: Partial<UploadSteps> = {}) {
  const calls = { compress: 0, installed: [] as Array<{ bytes: Uint8Array; theme: Theme }>, saved: [] as Array<[string, PackServerInfo]>, log: [] as string[], progress: [] as string[] };
  const s: UploadSteps = {
    compress: async (images, onProgress) => {
      calls.compress++;
      onProgress({ current: 1, total: 1 });
      const [path] = [...images.keys()];
      return new Map([[path as string, { path: (path as string).replace(/\.png$/, '.webp'), bytes: new Uint8Array(8) }]]);
    },
    stats: async () => STATS,
    install: async (bytes, theme) => {
      calls.installed.push({ bytes, theme });
      return { key: `${theme.id}:1.0.0`, id: theme.id, version: '1.0.0', size: bytes.byteLength, path: 'p', installedAt: 1, storage: 'opfs', name: theme.name, description: '', createdAt: 1 } satisfies PackMetadata;
    },
    saveServerInfo: async (id, info) => {
      calls.saved.push([id, info]);
    },
    log: (l) => calls.log.push(l),
    onProgress: (p) => calls.progress.push(`${p.current}/${p.total}`),
    ...overrides,
  };
  return { s, calls };
}

describe('processUpload (spec 001 sections 4 and 5 "Upload")', () => {
  it('installs a small pack as a normalized pack without compression', async () => {
    const { s, calls } = steps();
    const out = await processUpload(await packFile('small.zip'), s);
    expect(calls.compress).toBe(0);
    expect(out.compressed).toBe(false);
    expect(out.server).toBeNull();
    const stored = await readNormalizedPack(calls.installed[0]!.bytes);
    expect(stored.theme.roles['Bad Guy'].image).toBe('roles/bad-guy.png');
    expect([...stored.files.keys()]).toEqual(['roles/bad-guy.png']);
    expect(calls.log.some((l) => l.startsWith('Installed "Up Test"'))).toBe(true);
  });

  it('compresses the images of a file over 1.5 MB, reports progress and renames them', async () => {
    const { s, calls } = steps();
    const out = await processUpload(await packFile('big.zip', 2 * MB), s);
    expect(calls.compress).toBe(1);
    expect(calls.progress).toEqual(['1/1']);
    expect(out.compressed).toBe(true);
    expect(out.theme.roles['Bad Guy'].image).toBe('roles/bad-guy.webp');
    expect([...(await readNormalizedPack(calls.installed[0]!.bytes)).files.keys()]).toEqual(['roles/bad-guy.webp']);
  });

  it('refuses a file that is not a .zip before reading it', async () => {
    const { s, calls } = steps();
    await expect(processUpload({ name: 'pack.rar', size: 1, arrayBuffer: async () => new ArrayBuffer(1) }, s)).rejects.toThrow('Please upload a ZIP file');
    expect(calls.installed).toHaveLength(0);
  });

  it('refuses a pack that does not fit with the spec text', async () => {
    const { s, calls } = steps({ stats: async () => ({ ...STATS, remainingBytes: 10 * MB }) });
    const err = await processUpload(await packFile('tight.zip'), s).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThemeStorageError);
    expect((err as Error).message).toMatch(/^Theme is too large \(0\.\d\d MB\)\. Only 10\.00 MB remaining\. Try removing older themes or using smaller images\.$/);
    expect(calls.installed).toHaveLength(0);
  });

  it('uploads to the account when signed in and keeps the answer', async () => {
    const info = { storedThemeId: '7b0c6f6e-0000-4000-8000-000000000001', sha256: 'ab', sizeBytes: 10 };
    const sent: Uint8Array[] = [];
    const { s, calls } = steps({
      upload: async (bytes) => {
        sent.push(bytes);
        return info;
      },
    });
    const out = await processUpload(await packFile('mine.zip'), s);
    expect(out.server).toEqual(info);
    expect(sent[0]).toBe(calls.installed[0]!.bytes);
    expect(calls.saved).toEqual([['up-test', info]]);
  });

  it('keeps the local install when the account upload fails, with a warning line', async () => {
    const { s, calls } = steps({
      upload: async () => {
        throw new Error('404: Not Found');
      },
    });
    const out = await processUpload(await packFile('offline.zip'), s);
    expect(out.server).toBeNull();
    expect(calls.installed).toHaveLength(1);
    expect(calls.log.at(-1)).toBe('Warning: the pack could not be saved to your account (404: Not Found). It stays installed in this browser.');
  });
});

describe('uploadFailureToast (spec 001 section 8)', () => {
  it('maps errors to the spec titles', () => {
    expect(uploadFailureToast(new ThemePackError('Please upload a ZIP file', 'Invalid File'))).toEqual({ title: 'Invalid File', message: 'Please upload a ZIP file' });
    expect(uploadFailureToast(new ThemePackError('No theme configuration found. Include theme.json, default_theme_pack.json, or manifest.json'))).toEqual({
      title: 'Upload Failed',
      message: 'No theme configuration found. Include theme.json, default_theme_pack.json, or manifest.json',
    });
    expect(uploadFailureToast(new ThemeStorageError('Storage quota exceeded. Try removing older theme packs.')).title).toBe('Upload Failed');
    expect(uploadFailureToast(new Error('boom'))).toEqual({ title: 'Upload Error', message: 'boom' });
    expect(uploadFailureToast('??')).toEqual({ title: 'Upload Error', message: 'Failed to process theme pack' });
  });
});
