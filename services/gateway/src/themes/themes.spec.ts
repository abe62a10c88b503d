/**
 * Theme packs and theme choices on the real stack (identity, billing, game-engine, admin, theme, gateway;
 * PostgreSQL, NATS): upload, content-addressed storage and download, the spec's errors for bad packs,
 * the 50 MB limit, preferences (with the copy of a host's theme), the global default, /default-theme.zip,
 * and a theme-service outage.
 */
import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { GENERIC_THEME, type Theme } from '@nightfall/themes';
import { api, startTestStack, type RunningStack } from '@nightfall/testing';

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

/** A complete theme: the generic one with another id and name. */
const themeOf = (id: string, name: string): Theme => ({ ...structuredClone(GENERIC_THEME), id, name, description: `${name}, a test theme.` });

/** ZIP bytes of the given files (fixed entry dates: the same files give the same bytes). */
async function zipOf(files: Record<string, string | Uint8Array>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { date: new Date(Date.UTC(2024, 0, 1)) });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Any request; JSON bodies are sent as JSON, Buffers as the raw body (application/zip unless given). */
async function http(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; bytes: Buffer; headers: Headers }> {
  const isRaw = Buffer.isBuffer(opts.body);
  const r = await fetch(base + path, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': isRaw ? 'application/zip' : 'application/json' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : isRaw ? new Uint8Array(opts.body as Buffer) : JSON.stringify(opts.body),
  });
  const bytes = Buffer.from(await r.arrayBuffer());
  let body: any = null;
  if ((r.headers.get('content-type') ?? '').includes('json') && bytes.length) body = JSON.parse(bytes.toString('utf8'));
  return { status: r.status, body, bytes, headers: r.headers };
}

describe('theme packs and theme choices on the real stack', () => {
  let stack: RunningStack;
  let host: string;
  let player: string;
  let adminCookie: string;
  const upload = (cookie: string, bytes: Buffer) => http(stack.url, 'POST', '/api/themes/packs', { body: bytes, cookie });
  const list = async (cookie: string) => (await http(stack.url, 'GET', '/api/themes', { cookie })).body as any[];

  beforeAll(async () => {
    stack = await startTestStack();
    host = (await api(stack.url, '/api/auth/signup', { email: unique('host'), password: 'secret1' })).cookie!;
    player = (await api(stack.url, '/api/auth/signup', { email: unique('player'), password: 'secret1' })).cookie!;
    adminCookie = (await api(stack.url, '/api/auth/login', { email: stack.admin.email, password: stack.admin.password })).cookie!;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('uploads a valid pack, lists it, and serves its bytes by hash with an ETag (304 when unchanged)', async () => {
    const bytes = await zipOf({ 'manifest.json': JSON.stringify(themeOf('noir', 'Noir')), 'images/card.png': randomBytes(64) });
    const saved = await upload(host, bytes);
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.any(String),
      themeId: 'noir',
      name: 'Noir',
      description: 'Noir, a test theme.',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      sizeBytes: bytes.length,
      visibility: 'private',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await list(host)).toEqual([saved.body]);

    const got = await http(stack.url, 'GET', `/api/themes/packs/${saved.body.sha256}`);
    expect([got.status, got.headers.get('content-type'), got.headers.get('etag'), got.headers.get('cache-control')]).toEqual([
      200,
      'application/zip',
      `"${saved.body.sha256}"`,
      'public, max-age=31536000, immutable',
    ]);
    expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    const again = await http(stack.url, 'GET', `/api/themes/packs/${saved.body.sha256.toUpperCase()}`, { headers: { 'if-none-match': `"${saved.body.sha256}"` } });
    expect([again.status, again.bytes.length, again.headers.get('etag')]).toEqual([304, 0, `"${saved.body.sha256}"`]);

    expect(await http(stack.url, 'GET', '/api/themes/packs/not-a-hash')).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    const unknown = await http(stack.url, 'GET', `/api/themes/packs/${'0'.repeat(64)}`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'PACK_NOT_FOUND', message: 'Theme pack not found' } });
    expect(unknown.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it("carries packs far above gRPC's default 4 MiB both ways (the theme client's 64 MiB messages)", async () => {
    const bytes = await zipOf({ 'manifest.json': JSON.stringify(themeOf('heavy', 'Heavy')), 'images/noise.bin': randomBytes(20 * 1024 * 1024) });
    const saved = await upload(host, bytes);
    expect(saved).toMatchObject({ status: 201, body: { themeId: 'heavy', sizeBytes: bytes.length } });
    const got = await http(stack.url, 'GET', `/api/themes/packs/${saved.body.sha256}`);
    expect([got.status, got.bytes.length, Buffer.compare(got.bytes, bytes)]).toEqual([200, bytes.length, 0]);
  }, 60_000);

  it('stores the same bytes once: two users, one hash, kept until the last of them deletes it', async () => {
    const bytes = await zipOf({ 'manifest.json': JSON.stringify(themeOf('twins', 'Twins')) });
    const a = (await upload(host, bytes)).body;
    const b = (await upload(player, bytes)).body;
    expect(a.id).not.toBe(b.id);
    expect(b.sha256).toBe(a.sha256);
    expect((await http(stack.url, 'DELETE', `/api/themes/${a.id}`, { cookie: host })).status).toBe(204);
    expect((await http(stack.url, 'GET', `/api/themes/packs/${a.sha256}`)).status).toBe(200);
    // another user's theme is not the caller's to delete
    expect(await http(stack.url, 'DELETE', `/api/themes/${b.id}`, { cookie: host })).toMatchObject({ status: 404, body: { code: 'THEME_NOT_FOUND', title: 'Delete Failed' } });
    expect((await http(stack.url, 'DELETE', `/api/themes/${b.id}`, { cookie: player })).status).toBe(204);
    expect((await http(stack.url, 'GET', `/api/themes/packs/${a.sha256}`)).status).toBe(404);
    expect((await list(player)).map((t) => t.id)).not.toContain(b.id);
  });

  it('refuses bad packs with the spec texts and stores nothing', async () => {
    const before = await list(player);
    expect(await upload(player, Buffer.from('plain text, not a zip'))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PACK', title: 'Invalid File', message: 'Please upload a ZIP file' },
    });
    expect(await upload(player, await zipOf({ 'theme.json': '{}' }))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PACK', title: 'Upload Failed', message: 'Invalid theme pack: missing manifest.json' },
    });
    const theme = themeOf('partial', 'Partial');
    const roles = { ...theme.roles } as Record<string, unknown>;
    delete roles['Bad Guy'];
    expect(await upload(player, await zipOf({ 'manifest.json': JSON.stringify({ ...theme, roles }) }))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PACK', message: 'Theme "Partial" is missing roles: Bad Guy' },
    });
    expect((await upload(player, await zipOf({ 'manifest.json': JSON.stringify(themeOf('generic', 'Fake Generic')) }))).body.code).toBe('INVALID_PACK');
    expect(await http(stack.url, 'POST', '/api/themes/packs', { cookie: player })).toMatchObject({ status: 400, body: { title: 'Invalid File', message: 'Please upload a ZIP file' } });
    expect(await list(player)).toEqual(before);
  });

  it('answers 413 PACK_TOO_LARGE above 50 MB', async () => {
    const res = await upload(player, Buffer.alloc(50 * 1024 * 1024 + 1024));
    expect(res).toMatchObject({ status: 413, body: { code: 'PACK_TOO_LARGE', title: 'Upload Failed', message: 'Theme is too large (50.00 MB). The limit is 50 MB.' } });
  }, 60_000);

  it('keeps theme packs for accounts: signed out 401, guests 401 SIGN_IN_REQUIRED', async () => {
    const bytes = await zipOf({ 'manifest.json': JSON.stringify(themeOf('anon', 'Anon')) });
    expect((await http(stack.url, 'POST', '/api/themes/packs', { body: bytes })).status).toBe(401);
    const hostLogin = (await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password })).cookie!;
    const room = await api(stack.url, '/api/rooms/create', {}, hostLogin);
    const guest = (await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Guest' })).cookie!;
    expect(await http(stack.url, 'POST', '/api/themes/packs', { body: bytes, cookie: guest })).toMatchObject({ status: 401, body: { code: 'SIGN_IN_REQUIRED' } });
    expect(await http(stack.url, 'GET', '/api/me/theme', { cookie: guest })).toMatchObject({ status: 401, body: { code: 'SIGN_IN_REQUIRED' } });
  });

  it("sets the user's theme: generic, an own theme, or a host's theme copied (themeCopied, same bytes)", async () => {
    expect(await http(stack.url, 'GET', '/api/me/theme', { cookie: player })).toMatchObject({ status: 200, body: { preferredThemeId: '' } });
    expect(await http(stack.url, 'POST', '/api/me/theme', { cookie: player, body: { themeId: 'generic' } })).toEqual(
      expect.objectContaining({ status: 200, body: { preferredThemeId: 'generic', themeCopied: false } }),
    );
    // the host's theme, offered in a game by its stored theme id
    const hostTheme = (await upload(host, await zipOf({ 'manifest.json': JSON.stringify(themeOf('castle', 'Castle')) }))).body;
    const copied = await http(stack.url, 'POST', '/api/me/theme', { cookie: player, body: { themeId: hostTheme.id } });
    expect(copied).toMatchObject({ status: 200, body: { preferredThemeId: 'castle', themeCopied: true } });
    const mine = (await list(player)).find((t) => t.themeId === 'castle');
    expect(mine).toMatchObject({ name: 'Castle', sha256: hostTheme.sha256 });
    expect(mine.id).not.toBe(hostTheme.id);
    expect(await http(stack.url, 'POST', '/api/me/theme', { cookie: player, body: { themeId: 'castle' } })).toMatchObject({ body: { preferredThemeId: 'castle', themeCopied: false } });
    expect(await http(stack.url, 'GET', '/api/me/theme', { cookie: player })).toMatchObject({ body: { preferredThemeId: 'castle' } });
    expect(await http(stack.url, 'GET', '/api/me/theme/resolved', { cookie: player })).toMatchObject({
      status: 200,
      body: { themeId: 'castle', source: 'preferred', pack: { storedThemeId: mine.id, sha256: hostTheme.sha256, sizeBytes: hostTheme.sizeBytes, name: 'Castle' } },
    });
    expect(await http(stack.url, 'POST', '/api/me/theme', { cookie: player, body: { themeId: 'no-such-theme' } })).toMatchObject({
      status: 404,
      body: { code: 'THEME_NOT_FOUND', title: 'Failed to update theme preference', message: 'Theme "no-such-theme" was not found' },
    });
    expect(await http(stack.url, 'POST', '/api/me/theme', { cookie: player, body: {} })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', message: 'Theme is required' } });
  });

  it('lets admins only set the global default, which visitors then get with its pack', async () => {
    expect(await http(stack.url, 'GET', '/api/theme/default')).toMatchObject({ status: 200, body: { defaultTheme: 'generic' } });
    expect(await http(stack.url, 'POST', '/api/admin/theme', { cookie: player, body: { theme: 'generic' } })).toMatchObject({ status: 403, body: { code: 'ACCESS_DENIED' } });
    expect((await http(stack.url, 'GET', '/api/admin/theme', { cookie: player })).status).toBe(403);
    expect((await http(stack.url, 'POST', '/api/admin/theme', { body: { theme: 'generic' } })).status).toBe(401);

    const live = (await upload(adminCookie, await zipOf({ 'manifest.json': JSON.stringify(themeOf('live', 'Live Theme')) }))).body;
    expect(await http(stack.url, 'POST', '/api/admin/theme', { cookie: adminCookie, body: { theme: 'live' } })).toMatchObject({ status: 200, body: { theme: 'live' } });
    expect(await http(stack.url, 'GET', '/api/admin/theme', { cookie: adminCookie })).toMatchObject({ status: 200, body: { defaultTheme: 'live', updatedAt: expect.any(String), updatedBy: expect.any(String) } });
    expect((await http(stack.url, 'GET', '/api/theme/default')).body).toEqual({
      defaultTheme: 'live',
      pack: { storedThemeId: live.id, themeId: 'live', sha256: live.sha256, sizeBytes: live.sizeBytes, name: 'Live Theme', description: 'Live Theme, a test theme.' },
    });
    // a user without a preference resolves to the default
    const fresh = (await api(stack.url, '/api/auth/signup', { email: unique('fresh'), password: 'secret1' })).cookie!;
    expect(await http(stack.url, 'GET', '/api/me/theme/resolved', { cookie: fresh })).toMatchObject({ body: { themeId: 'live', source: 'default', pack: { sha256: live.sha256 } } });
    expect(await http(stack.url, 'POST', '/api/admin/theme', { cookie: adminCookie, body: { theme: 'nothing-here' } })).toMatchObject({
      status: 404,
      body: { code: 'THEME_NOT_FOUND', title: 'Failed to update global theme' },
    });
    expect(await http(stack.url, 'POST', '/api/admin/theme', { cookie: adminCookie, body: { theme: 'generic' } })).toMatchObject({ status: 200, body: { theme: 'generic' } });
    expect((await http(stack.url, 'GET', '/api/theme/default')).body).toEqual({ defaultTheme: 'generic' });
  });

  it('serves the generic theme as /default-theme.zip (manifest.json = the generic theme), with an ETag', async () => {
    const res = await http(stack.url, 'GET', '/default-theme.zip');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/zip']);
    const zip = await JSZip.loadAsync(res.bytes);
    expect(JSON.parse(await zip.file('manifest.json')!.async('string'))).toEqual(JSON.parse(JSON.stringify(GENERIC_THEME)));
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await http(stack.url, 'GET', '/default-theme.zip', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers 503 SERVICE_UNAVAILABLE while the theme service is down, and recovers', async () => {
    const child = stack.children.get('theme')!;
    await new Promise((r) => {
      child.once('exit', r);
      child.kill('SIGKILL');
    });
    try {
      expect(await http(stack.url, 'GET', '/api/theme/default')).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', title: 'Service Unavailable' } });
      expect((await http(stack.url, 'GET', '/api/themes', { cookie: player })).status).toBe(503);
      // the gateway stays ready (docs/faults.md "Readiness"); /health/upstreams names the one down
      expect((await http(stack.url, 'GET', '/health/ready')).status).toBe(200);
      expect((await http(stack.url, 'GET', '/health/upstreams')).status).toBe(503);
      // the upload is refused as an outage, not as a bad pack
      expect((await upload(player, await zipOf({ 'manifest.json': JSON.stringify(themeOf('later', 'Later')) }))).status).toBe(503);
    } finally {
      await stack.restart('theme');
    }
    // answers again once the gateway's gRPC channel has reconnected (503 meanwhile)
    let status = 0;
    for (const until = Date.now() + 20_000; status !== 200 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      status = (await http(stack.url, 'GET', '/api/theme/default')).status;
      expect([200, 503]).toContain(status);
    }
    expect(status).toBe(200);
  }, 90_000);
});
