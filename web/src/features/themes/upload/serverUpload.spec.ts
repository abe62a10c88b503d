import { describe, expect, it } from '@jest/globals';
import { ApiRequestError } from '../../../lib/api';
import { PACKS_ENDPOINT, uploadPackToServer } from './serverUpload';

describe('uploadPackToServer (POST /api/themes/packs)', () => {
  it('sends the bytes as application/zip with credentials and keeps the stored id, hash and size', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ id: 'uuid-1', themeId: 'corp', name: 'Corp', description: '', sha256: 'cafe', sizeBytes: 3, createdAt: '2025-01-01T00:00:00Z' }), { status: 201 });
    }) as unknown as typeof fetch;
    const info = await uploadPackToServer(Uint8Array.from([1, 2, 3]), fake);
    expect(info).toEqual({ storedThemeId: 'uuid-1', sha256: 'cafe', sizeBytes: 3 });
    expect(seen[0]!.url).toBe(PACKS_ENDPOINT);
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.credentials).toBe('include');
    expect((seen[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/zip');
    expect(new Uint8Array(await (seen[0]!.init.body as Blob).arrayBuffer())).toEqual(Uint8Array.from([1, 2, 3]));
  });

  it('throws the server error body, or the status and text', async () => {
    const withBody = (async () =>
      new Response(JSON.stringify({ code: 'INVALID_INPUT', title: 'Upload Failed', message: 'Theme "X" is missing roles: Tapper' }), { status: 400 })) as unknown as typeof fetch;
    const err = await uploadPackToServer(new Uint8Array(1), withBody).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).message).toBe('Theme "X" is missing roles: Tapper');
    const plain = (async () => new Response('Cannot POST /api/themes/packs', { status: 404 })) as unknown as typeof fetch;
    expect(((await uploadPackToServer(new Uint8Array(1), plain).catch((e: unknown) => e)) as Error).message).toBe('404: Cannot POST /api/themes/packs');
  });
});
