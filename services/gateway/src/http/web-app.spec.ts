/**
 * The web app's files (docs/architecture.md "The web app's files"): precompressed copies chosen by
 * Accept-Encoding (brotli before gzip, the file itself without one), Vary, Content-Type, immutable caching of the
 * hashed /assets files, no-cache for index.html and the client-side routes, and what is left to other handlers.
 * A plain express app on a build folder made here; requests through node:http, which adds no Accept-Encoding.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { IMMUTABLE, REVALIDATE, cacheControlFor, isClientRoute, webApp } from './web-app.js';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-AbCd12_-.js"></script></head><body><div id="root"></div></body></html>\n'.repeat(4);
const SCRIPT = 'export const greeting = "hello from the home route";\n'.repeat(40);

/** One answer: status, headers, body bytes as sent (not decompressed). */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET (or `method`) `path` with exactly `headers` (node:http sends no Accept-Encoding of its own). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The Content-Type, lower case (the charset's case differs between the copies and the files; both mean the same). */
const contentType = (a: Answer): string => String(a.headers['content-type']).toLowerCase();

/** Writes `text` and its brotli and gzip copies (as the web build does). */
function writeWithCopies(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${path}.gz`, gzipSync(Buffer.from(text), { level: 9 }));
}

describe('the web app files: precompressed, cached by name, client-side routes', () => {
  let dist: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'nf-web-app-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCopies(join(dist, 'index.html'), INDEX);
    writeWithCopies(join(dist, 'assets', 'index-AbCd12_-.js'), SCRIPT);
    writeWithCopies(join(dist, 'assets', 'index-Zz99Yy88.css'), 'body { color: red; }\n'.repeat(30));
    writeFileSync(join(dist, 'assets', 'tiny-Qq11Ww22.js'), 'x'); // no copy: it would not be smaller
    writeFileSync(join(dist, 'assets', 'unhashed.js'), SCRIPT);
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
    const app = express();
    app.use(webApp(dist, { devTools: true }));
    app.use((req, res) => res.status(404).type('text/plain').send(`next: ${req.method} ${req.url}`));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy to a client that accepts br, even when it lists gzip first', async () => {
    for (const accept of ['gzip, deflate, br, zstd', 'br', 'gzip;q=1.0, br;q=0.9']) {
      const a = await get(port, '/assets/index-AbCd12_-.js', { 'accept-encoding': accept });
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding']).toBe('br');
      expect(contentType(a)).toBe('text/javascript; charset=utf-8');
      expect(a.headers.vary).toBe('Accept-Encoding');
      expect(a.headers['cache-control']).toBe(IMMUTABLE);
      expect(Number(a.headers['content-length'])).toBe(a.body.length);
      expect(a.body).toEqual(brotliCompressSync(Buffer.from(SCRIPT)));
    }
  });

  it('sends the gzip copy to a client that accepts gzip only', async () => {
    const a = await get(port, '/assets/index-Zz99Yy88.css', { 'accept-encoding': 'gzip, deflate' });
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(contentType(a)).toBe('text/css; charset=utf-8');
    expect(a.headers.vary).toBe('Accept-Encoding');
    expect(a.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the file itself to a client without Accept-Encoding, or one that refuses both', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Array<Record<string, string>>) {
      const a = await get(port, '/assets/index-AbCd12_-.js', headers);
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(contentType(a)).toBe('text/javascript; charset=utf-8');
      expect(a.headers.vary).toBe('Accept-Encoding');
      expect(a.headers['cache-control']).toBe(IMMUTABLE);
      expect(a.body.toString()).toBe(SCRIPT);
    }
  });

  it('sends a file without copies as it is, with no Vary', async () => {
    const a = await get(port, '/assets/tiny-Qq11Ww22.js', { 'accept-encoding': 'br, gzip' });
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.headers.vary).toBeUndefined();
    expect(a.headers['cache-control']).toBe(IMMUTABLE);
    expect(a.body.toString()).toBe('x');
  });

  it('revalidates index.html, unhashed files and files outside /assets', async () => {
    const index = await get(port, '/index.html', { 'accept-encoding': 'br' });
    expect(index.headers['content-encoding']).toBe('br');
    expect(contentType(index)).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe(REVALIDATE);
    expect((await get(port, '/assets/unhashed.js')).headers['cache-control']).toBe(REVALIDATE);
    expect((await get(port, '/robots.txt')).headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers the client-side routes with index.html, compressed and revalidated, and a conditional GET with 304', async () => {
    for (const path of ['/', '/auth', '/lobby/abc', '/game/abc?x=1', '/no/such/page']) {
      const br = await get(port, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(contentType(br)).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe(REVALIDATE);
      expect(br.headers.vary).toBe('Accept-Encoding');
      const plain = await get(port, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(INDEX);
      const again = await get(port, path, { 'if-none-match': String(plain.headers.etag) });
      expect(again.status).toBe(304);
    }
  });

  it('leaves the API, health, /ws, the theme pack, dev tools, missing build files and other methods to the next handler', async () => {
    for (const path of ['/api/me', '/health', '/health/ready', '/ws', '/default-theme.zip', '/dev/outbox', '/assets/gone-AbCd1234.js']) {
      const a = await get(port, path, { 'accept-encoding': 'br' });
      expect({ path, status: a.status, body: a.body.toString() }).toEqual({ path, status: 404, body: `next: GET ${path}` });
    }
    expect((await get(port, '/lobby/abc', {}, 'POST')).body.toString()).toBe('next: POST /lobby/abc');
  });

  it('names the cache policy from the path: hashed files directly in assets/ only', () => {
    expect(cacheControlFor('/d', '/d/assets/react-DtDH3dnP.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/d', '/d/assets/react-DtDH3dnP.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('/d', '/d/assets/index-DTBSEtLh.css.gz')).toBe(IMMUTABLE);
    expect(cacheControlFor('/d', '/d/index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('/d', '/d/index.html.br')).toBe(REVALIDATE);
    expect(cacheControlFor('/d', '/d/assets/unhashed.js')).toBe(REVALIDATE);
    expect(cacheControlFor('/d', '/d/assets/sub/x-DtDH3dnP.js')).toBe(REVALIDATE);
    expect(cacheControlFor('/d', '/d/other-DtDH3dnP.js')).toBe(REVALIDATE);
    // The service worker and the manifest are revalidated, so a new build's worker is seen at once.
    expect(cacheControlFor('/d', '/d/sw.js')).toBe(REVALIDATE);
    expect(cacheControlFor('/d', '/d/manifest.webmanifest')).toBe(REVALIDATE);
  });

  it("gives the invite link's route /join/{code} index.html (docs/architecture.md \"Table experience\")", () => {
    expect(isClientRoute({ method: 'GET', path: '/join/AB12CD' }, { devTools: false })).toBe(true);
    expect(isClientRoute({ method: 'GET', path: '/join/AB12CD' }, { devTools: true })).toBe(true);
  });

  it('keeps /dev/ for the development tools only when they exist', () => {
    expect(isClientRoute({ method: 'GET', path: '/dev/outbox' }, { devTools: true })).toBe(false);
    expect(isClientRoute({ method: 'GET', path: '/dev/outbox' }, { devTools: false })).toBe(true);
    expect(isClientRoute({ method: 'HEAD', path: '/' }, { devTools: false })).toBe(false);
  });

  it('refuses a build folder without index.html', () => {
    expect(() => webApp(join(dist, 'assets'), { devTools: false })).toThrow(/WEB_DIST has no index.html/);
  });
});
