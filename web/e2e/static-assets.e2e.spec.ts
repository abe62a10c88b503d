/**
 * Issue 12 scope 4 "Static assets" (Done-when: this test): a first visit to the home route in Debian's Chromium
 * (390x844, empty browser, signed out) against the real built stack. The JavaScript it downloads must come
 * precompressed (`Content-Encoding: br`) and weigh under 250 KB (250,000 bytes) on the wire, headers
 * included (CDP `Network.loadingFinished` `encodedDataLength`); the hashed /assets files are cached for a year
 * (`public, max-age=31536000, immutable`) and index.html is revalidated (`no-cache`). Then the same files for
 * a gzip-only client and for one without Accept-Encoding (the file itself), and a second visit in the same
 * browser: no script is fetched again, index.html is revalidated.
 *
 * The figures go to test-output/e2e-static/home-route.json (scripts/bench/README.md "Home route size").
 * Run: `npm run test:e2e -w @nightfall/web -- static-assets` (after `nx run-many -t build`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import type { CDPSession, Page } from 'playwright-core';
import { poll, useBrowserStack, visible } from './support.js';

/** The budget of issue 12 scope 4: the home route's JavaScript, compressed, in bytes (250 KB, 1 KB = 1000 bytes). */
const HOME_JS_BUDGET = 250_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const OUT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/e2e-static');

/** One response the page received, as CDP reports it. */
interface Seen {
  url: string;
  type: string;
  status: number;
  /** Response headers, names and values in lower case. */
  headers: Record<string, string>;
  /** Bytes on the wire, headers included (0 when served from the browser's cache). */
  wire: number;
  fromCache: boolean;
}

/** Records every response of `page` (and whether the browser's cache served it) through CDP. */
async function recordNetwork(page: Page): Promise<{ seen: Seen[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Omit<Seen, 'wire'>>();
  const cached = new Set<string>();
  const seen: Seen[] = [];
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v).toLowerCase()]));
    pending.set(e.requestId, { url: e.response.url, type: e.type, status: e.response.status, headers, fromCache: !!e.response.fromDiskCache || cached.has(e.requestId) });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = pending.get(e.requestId);
    if (r) seen.push({ ...r, wire: e.encodedDataLength });
  });
  return { seen, cdp };
}

/** Opens `/` and waits for the signed-out home screen with its theme settled and the network idle. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await visible(page.locator('[data-testid="home-actions"][data-state="signed-out"]'));
  await poll(() => page.locator('.nf-hero').getAttribute('aria-busy'), (b) => b === 'false', undefined, 'the theme settled');
  await page.waitForLoadState('networkidle');
}

/** GET `url` with exactly `headers` (node:http adds no Accept-Encoding): status, encoding, type, the body as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined; type: string; bytes: number; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], type: String(res.headers['content-type']), bytes: body.length, body });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const isScript = (s: Seen) => s.type === 'Script' || /javascript/.test(s.headers['content-type'] ?? '');
const pathOf = (url: string) => new URL(url).pathname;
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

describe('static assets: precompressed, cached, and the home route under 250 KB of JavaScript (Chromium)', () => {
  const env = useBrowserStack({ prepare: () => mkdirSync(OUT_DIR, { recursive: true }) });

  it('loads the home route with brotli JavaScript under 250 KB, immutable assets and a revalidated index.html', async () => {
    const visitor = await env.open('visitor', 'Visitor');
    const first = await recordNetwork(visitor.page);
    await openHome(visitor.page);
    const seen = [...first.seen];
    const scripts = seen.filter(isScript);
    expect(scripts.length).toBeGreaterThan(3);

    // The document: index.html, compressed and revalidated on every visit.
    const doc = seen.find((s) => s.type === 'Document');
    expect(doc).toMatchObject({ status: 200, headers: expect.objectContaining({ 'content-encoding': 'br', 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' }) });

    // Every script and style sheet: the brotli copy, cached for a year, Vary: Accept-Encoding. A file whose copy
    // would not be smaller (a chunk of a few bytes) has none: it comes as it is, with no Vary.
    const assets = seen.filter((s) => pathOf(s.url).startsWith('/assets/'));
    expect(assets.length).toBeGreaterThanOrEqual(scripts.length);
    for (const s of assets) {
      const path = pathOf(s.url);
      expect({ path, status: s.status, cache: s.headers['cache-control'] }).toEqual({ path, status: 200, cache: IMMUTABLE });
      if (s.headers['content-encoding'] === undefined) {
        const body = (await rawGet(s.url, {})).body;
        expect({ path, vary: s.headers.vary, brotliSmaller: brotliCompressSync(body).length < body.length }).toEqual({ path, vary: undefined, brotliSmaller: false });
      } else {
        expect({ path, encoding: s.headers['content-encoding'], vary: s.headers.vary }).toEqual({ path, encoding: 'br', vary: 'accept-encoding' });
      }
    }
    expect(assets.filter((s) => s.headers['content-encoding'] === 'br').length).toBeGreaterThan(assets.length / 2);
    for (const s of scripts) expect(pathOf(s.url)).toMatch(/^\/assets\/.+\.js$/);

    // The budget: the scripts' bytes on the wire (headers included) and their bodies alone.
    const wire = scripts.reduce((n, s) => n + s.wire, 0);
    const br = scripts.reduce((n, s) => n + Number(s.headers['content-length']), 0);
    expect(br).toBeGreaterThan(0);

    // The same scripts for a gzip-only client and for a client without Accept-Encoding (the file itself).
    let gzip = 0;
    let identity = 0;
    for (const s of scripts) {
      const g = await rawGet(s.url, { 'accept-encoding': 'gzip, deflate' });
      const copy = s.headers['content-encoding'] === 'br' ? 'gzip' : undefined;
      expect({ path: pathOf(s.url), status: g.status, encoding: g.encoding }).toEqual({ path: pathOf(s.url), status: 200, encoding: copy });
      gzip += g.bytes;
      const plain = await rawGet(s.url, {});
      expect({ path: pathOf(s.url), status: plain.status, encoding: plain.encoding, type: plain.type.toLowerCase() }).toEqual({
        path: pathOf(s.url),
        status: 200,
        encoding: undefined,
        type: 'text/javascript; charset=utf-8',
      });
      identity += plain.bytes;
    }
    const index = await rawGet(env.stack.url + '/', {});
    expect({ status: index.status, encoding: index.encoding }).toEqual({ status: 200, encoding: undefined });

    const figures = {
      measuredAt: new Date().toISOString(),
      scripts: scripts.length,
      wireBytesBr: wire,
      bodyBytesBr: br,
      bodyBytesGzip: gzip,
      bodyBytesIdentity: identity,
      chunks: scripts.map((s) => ({ path: pathOf(s.url), wire: s.wire, br: Number(s.headers['content-length']) })).sort((a, b) => b.br - a.br),
    };
    writeFileSync(resolve(OUT_DIR, 'home-route.json'), JSON.stringify(figures, null, 2));
    console.log(
      `home route JavaScript, ${scripts.length} files: ${kB(wire)} kB on the wire (brotli, headers included); ` +
        `bodies ${kB(br)} kB brotli, ${kB(gzip)} kB gzip, ${kB(identity)} kB uncompressed`,
    );
    expect(br).toBeLessThan(identity / 2);
    expect(wire).toBeLessThan(HOME_JS_BUDGET);
    expect(gzip).toBeLessThan(HOME_JS_BUDGET);

    // A second visit in the same browser: index.html revalidated, no script or style sheet fetched again.
    const again = await visitor.context.newPage();
    const second = await recordNetwork(again);
    await openHome(again);
    const doc2 = second.seen.find((s) => s.type === 'Document');
    expect(doc2?.fromCache).toBe(false);
    expect([200, 304]).toContain(doc2?.status);
    expect(second.seen.filter(isScript).length).toBe(scripts.length);
    const refetched = second.seen.filter((s) => pathOf(s.url).startsWith('/assets/') && !s.fromCache).map((s) => pathOf(s.url));
    expect(refetched).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
