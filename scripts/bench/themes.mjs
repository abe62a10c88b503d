// Theme packs case of `npm run bench` (`--themes`; issue 9): in Debian's Chromium (playwright-core, never a
// downloaded browser) against the whole stack serving web/dist, (1) the upload-to-ready time of a ~20 MB
// theme pack on /themes, and (2) the bytes a guest's browser downloads to join a game whose host shares
// that pack, and again for a second game with the pack already in the browser. See scripts/bench/README.md
// "Theme packs".
// The functions passed to page.evaluate run in the browser, hence these globals:
/* global window, document, createImageBitmap, HTMLElement, CSS, MutationObserver, indexedDB */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import JSZip from 'jszip';
import { FIXED_ZIP_DATE, megabytes, readThemeZip, themeRoleName } from '@nightfall/themes';

/** The sample pack the bench pack is made from (card format, 30 role pictures). */
export const SAMPLE = 'libs/themes/samples/corporate-lunch.zip';
/** Size the bench pack aims at: 20 MiB. */
export const TARGET_BYTES = 20 * 1024 * 1024;
/** Size of the role pictures of the bench pack. */
export const PICTURE = { width: 2400, height: 3600, quality: 0.92 };
/** Uploads measured (storage cleared between them). */
export const UPLOAD_RUNS = 3;
/** The e2e test's selection for 3 players (host, guest, 1 bot): 6 cards of 5 roles. */
export const ROLES = { 'Bad Guy': 1, 'Role Looker': 1, 'Role Thief': 1, 'Basic Good Guy': 2, 'Self-Checker': 1 };
/** Phone viewport of the browser tests (web/e2e/support.ts). */
const VIEWPORT = { width: 390, height: 844 };
/** Default wait of one UI step, ms. */
const STEP_MS = 30_000;
/** Wait for one upload (read, compress, store, send), ms. */
const UPLOAD_MS = 120_000;

const tid = (id) => `[data-testid="${id}"]`;

/** Launches Debian's Chromium headless (the flags of web/e2e/support.ts, plus no QUIC / first-run UI). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A context + page at phone size with every wait bounded; page errors are collected in `errors`. */
async function openPage(browser, baseURL, label, errors) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'en-US' });
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(STEP_MS);
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`${label}: ${err.message}`));
  return { context, page };
}

/** Polls `read` every 100 ms until `accept` holds; throws naming `what` and the last value after `timeout`. */
async function poll(read, accept, what, timeout = STEP_MS) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (err) {
      last = `(error: ${err.message.split('\n')[0]})`;
    }
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const textOf = async (locator) => ((await locator.first().textContent({ timeout: 2000 })) ?? '').replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------------------------------------------------
// CPU

/**
 * CPU seconds (user + system, with reaped children) of each named process tree (`roots`: name -> pid; the
 * name 'bench client' counts that process alone, its children are named separately), and of all of them
 * together (each process once), from /proc.
 */
function treesCpuSeconds(roots) {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const text = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      /* gone */
    }
  }
  const children = new Map();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const all = new Set();
  const byName = {};
  for (const [name, root] of Object.entries(roots)) {
    if (!root || !procs.has(root)) {
      byName[name] = null;
      continue;
    }
    let ticks = 0;
    const todo = [root];
    while (todo.length) {
      const pid = todo.pop();
      ticks += procs.get(pid)?.ticks ?? 0;
      all.add(pid);
      if (name !== 'bench client') todo.push(...(children.get(pid) ?? []));
    }
    byName[name] = ticks / 100; // USER_HZ
  }
  return { byName, all: [...all].reduce((a, pid) => a + (procs.get(pid)?.ticks ?? 0), 0) / 100 };
}

/**
 * Measures a window: the machine's CPU busy %, and the CPU of each process tree in `roots` (name -> pid)
 * as % of one core; `other` = the machine's busy CPU none of them used, as % of the machine (above 10 %
 * something else ran and the times are longer than on an idle machine).
 */
function cpuWindow(stats, roots) {
  const t0 = performance.now();
  const m0 = stats.machineCpu();
  const c0 = treesCpuSeconds(roots);
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    const m1 = stats.machineCpu();
    const c1 = treesCpuSeconds(roots);
    const perCore = {};
    for (const name of Object.keys(roots)) {
      const a = c0.byName[name];
      const b = c1.byName[name];
      perCore[name] = a !== null && b !== null ? stats.round((100 * (b - a)) / seconds, 0) : null;
    }
    // processes that ended in the window drop out of `all`: never below 0
    const ours = Math.max(0, c1.all - c0.all);
    const busy = m0 && m1 ? m1.busy - m0.busy : null;
    const total = m0 && m1 ? m1.total - m0.total : null;
    return {
      machineBusyPercent: busy === null ? null : stats.round((100 * busy) / total, 1),
      otherPercentOfMachine: busy === null ? null : stats.round(Math.max(0, (100 * (busy - ours * 100)) / total), 1),
      percentOfOneCore: perCore,
    };
  };
}

/** Pid of the Chromium this process launched (playwright's Browser does not tell), or null. */
function chromiumPid(stats) {
  const ppid = (pid) => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return null;
    }
  };
  return stats.findPids((argv) => /chrom/.test(argv[0]) && argv.includes('--remote-debugging-pipe')).find((pid) => ppid(pid) === process.pid) ?? null;
}


// ---------------------------------------------------------------------------------------------------------
// The ~20 MB pack

/**
 * Draws one role picture in the page: the sample card scaled to 2400x3600 with seeded colour grain of
 * amplitude `amp` (0..255), encoded by canvas.toBlob as JPEG 0.92. Returns the bytes as base64.
 */
function drawPicture({ card, width, height, quality, amp, seed }) {
  return (async () => {
    const bytes = Uint8Array.from(atob(card), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d');
    g.imageSmoothingQuality = 'high';
    g.drawImage(bitmap, 0, 0, width, height);
    const img = g.getImageData(0, 0, width, height);
    const d = img.data;
    let s = seed >>> 0 || 1;
    for (let i = 0; i < d.length; i += 4) {
      for (let k = 0; k < 3; k++) {
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        d[i + k] += (((s >>> 0) & 255) / 255 - 0.5) * 2 * amp;
      }
    }
    g.putImageData(img, 0, 0);
    const blob = await new Promise((r) => canvas.toBlob(r, 'image/jpeg', quality));
    const out = new Uint8Array(await blob.arrayBuffer());
    let bin = '';
    for (let i = 0; i < out.length; i += 0x8000) bin += String.fromCharCode.apply(null, out.subarray(i, i + 0x8000));
    return btoa(bin);
  })();
}

/**
 * Makes the bench pack: the corporate sample with each role picture (`cardN.image`, N = 1..30) replaced by a
 * 2400x3600 JPEG drawn in Chromium, the grain tuned picture by picture so that the ZIP is about 20 MiB;
 * default_theme_pack.json, the card back, the background and every path stay as they are. Pictures are
 * stored (JPEG does not deflate), the JSON deflated, dates fixed: the same Chromium gives the same bytes.
 * @returns {{bytes: Buffer, pictures: number, pictureBytes: number[], amps: number[], generationMs: number}}
 */
export async function makePack(browser, root, log) {
  const t0 = performance.now();
  const sample = await JSZip.loadAsync(readFileSync(resolve(root, SAMPLE)));
  const config = JSON.parse(await sample.file('default_theme_pack.json').async('string'));
  const roleImages = [];
  for (let n = 1; n <= 30; n++) {
    const image = config[`card${n}`]?.image;
    if (image && sample.file(image) && !roleImages.includes(image)) roleImages.push(image);
  }
  if (roleImages.length < 30) throw new Error(`${SAMPLE}: expected 30 role pictures, found ${roleImages.length}`);
  const names = Object.keys(sample.files).filter((n) => !sample.files[n].dir);
  const kept = new Map();
  for (const n of names) if (!roleImages.includes(n)) kept.set(n, await sample.file(n).async('uint8array'));
  // ZIP overhead: local header + central directory entry per file (30 + 46 bytes + 2 x the name) and the end record
  const overhead = names.reduce((a, n) => a + 76 + 2 * Buffer.byteLength(n), 22);
  const json = kept.get('default_theme_pack.json');
  const keptBytes = [...kept].reduce((a, [n, b]) => a + (n === 'default_theme_pack.json' ? Math.ceil(b.length / 3) : b.length), 0);
  let budget = TARGET_BYTES - overhead - keptBytes;

  const context = await browser.newContext();
  const page = await context.newPage();
  const pictures = new Map();
  const amps = [];
  // JPEG size ~ base + slope * amp (measured on the sample's cards: ~625 kB at amp 0, ~+110 kB per step)
  let slope = 110_000;
  try {
    for (const [i, path] of roleImages.entries()) {
      const card = Buffer.from(await sample.file(path).async('uint8array')).toString('base64');
      const want = budget / (roleImages.length - i);
      let amp = i === 0 ? 1 : amps[i - 1];
      let b64 = await page.evaluate(drawPicture, { card, ...PICTURE, amp, seed: 0x9e3779b9 ^ (i + 1) });
      let size = Buffer.byteLength(b64, 'base64');
      // a second try when more than 2 % off, with the amplitude corrected along the line through this try
      if (Math.abs(size - want) > 0.02 * want) {
        const next = Math.min(64, Math.max(0, amp + (want - size) / slope));
        if (Math.abs(next - amp) > 0.01) {
          const b64b = await page.evaluate(drawPicture, { card, ...PICTURE, amp: next, seed: 0x9e3779b9 ^ (i + 1) });
          const sizeB = Buffer.byteLength(b64b, 'base64');
          if (Math.abs(sizeB - size) > 1000 && Math.abs(next - amp) > 0.05) slope = Math.max(20_000, Math.min(400_000, (sizeB - size) / (next - amp)));
          if (Math.abs(sizeB - want) < Math.abs(size - want)) [b64, size, amp] = [b64b, sizeB, next];
        }
      }
      pictures.set(path, Buffer.from(b64, 'base64'));
      amps.push(amp);
      budget -= size;
      if ((i + 1) % 10 === 0) log(`  ${i + 1}/${roleImages.length} pictures drawn`);
    }
  } finally {
    await context.close().catch(() => undefined);
  }

  const zip = new JSZip();
  for (const n of names) {
    const isJson = n === 'default_theme_pack.json';
    zip.file(n, isJson ? json : (pictures.get(n) ?? kept.get(n)), { date: FIXED_ZIP_DATE, compression: isJson ? 'DEFLATE' : 'STORE', createFolders: false });
  }
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE', platform: 'UNIX' });
  return { bytes, pictures: roleImages.length, pictureBytes: [...pictures.values()].map((b) => b.length), amps, generationMs: performance.now() - t0 };
}

// ---------------------------------------------------------------------------------------------------------
// Upload to ready

/** Signs in on /auth with e-mail and password and waits for the home page. */
async function signIn(page, email, password) {
  await page.goto('/auth');
  await page.locator(tid('auth-page')).waitFor();
  await page.locator(tid('signin-email')).fill(email);
  await page.locator(tid('signin-password')).fill(password);
  await page.locator(tid('signin-submit')).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.locator(tid('home-page')).waitFor();
}

/**
 * Installs the observer of one upload in the page: a MutationObserver stamps (performance.now()) the
 * file input's change event, the progress bar's first appearance, its first tick and its completion, the
 * banner and the pack's row in the list; the resource timings are cleared so the POST's entry is the only one.
 */
function watchUpload(packId) {
  performance.clearResourceTimings();
  const m = { t0: performance.now(), change: null, progressShown: null, firstTick: null, compressed: null, total: null, banner: null, bannerState: null, bannerText: null, item: null };
  window.__nfBenchUpload = m;
  document.addEventListener(
    'change',
    (e) => {
      if (m.change === null && e.target instanceof HTMLElement && e.target.dataset.testid === 'theme-upload-input') m.change = performance.now();
    },
    { capture: true },
  );
  const check = () => {
    const now = performance.now();
    const p = document.querySelector('[data-testid="theme-upload-progress"]');
    if (p) {
      const cur = Number(p.getAttribute('data-current'));
      const total = Number(p.getAttribute('data-total'));
      if (m.progressShown === null) m.progressShown = now;
      if (m.firstTick === null && cur > 0) m.firstTick = now;
      if (m.compressed === null && total > 0 && cur === total) m.compressed = now;
      m.total = total;
    }
    const b = document.querySelector('[data-testid="theme-upload-banner"]');
    if (b && m.banner === null) {
      m.banner = now;
      m.bannerState = b.getAttribute('data-state');
      m.bannerText = (b.textContent ?? '').replace(/\s+/g, ' ').trim();
    }
    if (m.item === null && document.querySelector(`[data-testid="theme-pack-item"][data-pack-id="${CSS.escape(packId)}"]`)) m.item = now;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  m.stop = () => observer.disconnect();
}

/** What the browser holds: the pack metadata (IndexedDB `themes`/`packs`), the OPFS files under themes/, the storage estimate. */
function readBrowserStore() {
  return (async () => {
    const meta = await new Promise((res) => {
      const req = indexedDB.open('themes');
      req.onerror = () => res([]);
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('packs')) {
          db.close();
          return res([]);
        }
        const all = db.transaction('packs', 'readonly').objectStore('packs').getAll();
        all.onsuccess = () => {
          res(all.result.map((p) => ({ id: p.id, version: p.version, size: p.size, storage: p.storage, server: p.server ?? null })));
          db.close();
        };
        all.onerror = () => {
          db.close();
          res([]);
        };
      };
    });
    const files = [];
    try {
      const walk = async (dir, prefix) => {
        for await (const [name, handle] of dir.entries()) {
          if (handle.kind === 'directory') await walk(handle, `${prefix}${name}/`);
          else files.push({ path: `${prefix}${name}`, size: (await handle.getFile()).size });
        }
      };
      const root = await navigator.storage.getDirectory();
      await walk(await root.getDirectoryHandle('themes'), 'themes/');
    } catch {
      // no themes folder (IndexedDB fallback, or nothing stored)
    }
    const estimate = await navigator.storage.estimate().catch(() => null);
    return { meta, files, estimate: estimate ? { usage: estimate.usage, quota: estimate.quota } : null };
  })();
}

/**
 * One upload on /themes (signed-in host, storage empty): from setInputFiles until the banner says success
 * and the pack's row is in the list. Returns the phases (ms from the start) and what got stored.
 */
async function uploadOnce(page, file, packId, measureCpu) {
  await page.goto('/themes');
  await page.locator(tid('themes-page')).waitFor();
  await poll(() => textOf(page.locator(tid('theme-storage-count'))), (t) => t === '0', 'an empty theme store');
  await page.evaluate(watchUpload, packId);
  const postSeen = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/themes/packs', { timeout: UPLOAD_MS }).catch(() => null);
  const cpu = measureCpu();
  const t0 = performance.now();
  await page.locator(tid('theme-upload-input')).setInputFiles(file);
  await page.waitForFunction(
    () => {
      const m = window.__nfBenchUpload;
      return m.banner !== null && (m.bannerState !== 'success' || m.item !== null);
    },
    null,
    { timeout: UPLOAD_MS, polling: 50 },
  );
  const nodeMs = performance.now() - t0;
  const cpuUse = cpu();
  const m = await page.evaluate(() => {
    const x = window.__nfBenchUpload;
    x.stop();
    const post = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/themes/packs'));
    return { ...x, stop: undefined, post: post ? { start: post.startTime, end: post.responseEnd } : null };
  });
  if (m.bannerState !== 'success') throw new Error(`upload failed: ${m.bannerText}`);
  const res = await Promise.race([postSeen, new Promise((r) => setTimeout(() => r(null), 5000))]);
  const server = res ? { status: res.status(), body: await res.json().catch(() => null) } : null;
  const rel = (t) => (t === null || t === undefined ? null : t - m.t0);
  const store = await page.evaluate(readBrowserStore);
  const meta = store.meta.find((p) => p.id === packId) ?? null;
  const usedText = await textOf(page.locator(tid('theme-storage-used'))).catch(() => null);
  return {
    readyMs: Math.max(rel(m.banner), rel(m.item)),
    nodeMs,
    changeMs: rel(m.change),
    progressShownMs: rel(m.progressShown),
    firstTickMs: rel(m.firstTick),
    compressedMs: rel(m.compressed),
    compressionMs: m.progressShown !== null && m.compressed !== null ? m.compressed - m.progressShown : null,
    pictures: m.total,
    postStartMs: m.post ? rel(m.post.start) : null,
    postEndMs: m.post ? rel(m.post.end) : null,
    bannerMs: rel(m.banner),
    listedMs: rel(m.item),
    serverUpload: server ? { status: server.status, sizeBytes: server.body?.sizeBytes ?? null, sha256: server.body?.sha256 ?? null, id: server.body?.id ?? null } : null,
    stored: { sizeBytes: meta?.size ?? null, storage: meta?.storage ?? null, files: store.files, panelUsed: usedText, estimate: store.estimate },
    cpu: cpuUse,
  };
}

/** 'Clear Storage' on /themes, confirmed; waits for the reload and an empty store. */
async function clearStore(page) {
  await page.goto('/themes');
  await page.locator(tid('theme-storage-clear')).click();
  await page.locator(tid('theme-storage-clear-confirm')).click();
  await page.waitForEvent('load', { timeout: STEP_MS });
  await page.locator(tid('themes-page')).waitFor();
  await poll(() => textOf(page.locator(tid('theme-storage-count'))), (t) => t === '0', 'the store to be empty after Clear Storage');
}

// ---------------------------------------------------------------------------------------------------------
// Bytes to join

/**
 * Counts what one page receives, through its CDP session: each finished request's encodedDataLength
 * (bytes on the wire, headers included; 0 when served from the HTTP cache) and each WebSocket frame the
 * page receives (payload + frame header; the gateway does not negotiate permessage-deflate).
 * Classes: pack (GET /api/themes/packs/{sha256}), api (/api/... and the /ws handshake), socket (frames),
 * app (everything else: the SPA's HTML, JS, CSS, fonts, pictures).
 */
async function byteCounter(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  let counting = false;
  let t;
  const reset = () => {
    t = { requests: [], frames: { received: 0, receivedBytes: 0, sent: 0, sentBytes: 0 }, contentEncodings: new Set() };
  };
  reset();
  const classify = (url) => {
    const u = new URL(url);
    if (/^\/api\/themes\/packs\/[0-9a-f]{64}$/i.test(u.pathname)) return 'pack';
    if (u.pathname.startsWith('/api/') || u.pathname === '/ws' || u.pathname === '/default-theme.zip') return 'api';
    return 'app';
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith('http')) return;
    const r = requests.get(e.requestId) ?? { url: e.request.url, method: e.request.method, type: e.type, status: null, fromCache: false };
    r.url = e.request.url;
    requests.set(e.requestId, r);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.type = e.type;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
    const enc = Object.entries(e.response.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    if (enc && counting) t.contentEncodings.add(enc);
  });
  const finish = (e, failed) => {
    const r = requests.get(e.requestId);
    requests.delete(e.requestId);
    if (!r || !counting) return;
    t.requests.push({ url: r.url, path: new URL(r.url).pathname, method: r.method, type: r.type, status: r.status, fromCache: r.fromCache, failed, bytes: failed ? 0 : e.encodedDataLength, kind: classify(r.url) });
  };
  cdp.on('Network.loadingFinished', (e) => finish(e, false));
  cdp.on('Network.loadingFailed', (e) => finish(e, true));
  // frame header: 2 bytes, +2 for payloads of 126..65535, +8 above (server frames are not masked)
  const frameBytes = (n) => n + (n < 126 ? 2 : n < 65536 ? 4 : 10);
  const payloadBytes = (r) => (r.opcode === 2 ? Buffer.byteLength(r.payloadData, 'base64') : Buffer.byteLength(r.payloadData ?? '', 'utf8'));
  cdp.on('Network.webSocketFrameReceived', (e) => {
    if (!counting) return;
    t.frames.received++;
    t.frames.receivedBytes += frameBytes(payloadBytes(e.response));
  });
  cdp.on('Network.webSocketFrameSent', (e) => {
    if (!counting) return;
    t.frames.sent++;
    // client frames carry a 4-byte mask
    t.frames.sentBytes += frameBytes(payloadBytes(e.response)) + 4;
  });
  return {
    start() {
      reset();
      counting = true;
    },
    stop() {
      counting = false;
      return t;
    },
    close: () => cdp.detach().catch(() => undefined),
  };
}

/** The web/dist file behind an app URL (index.html for the SPA's routes), or null. */
function distFile(root, path) {
  const dist = resolve(root, 'web/dist');
  const file = resolve(dist, `.${path}`);
  if (file.startsWith(dist + '/') && /\.[a-z0-9]+$/i.test(path) && existsSync(file)) return file;
  const index = resolve(dist, 'index.html');
  return existsSync(index) ? index : null;
}

/**
 * What an app response would have cost gzipped (gzip -6 of its web/dist file, plus the response's
 * headers): the gateway sends the files as they are. A response smaller than its file (a 304
 * revalidation, a cache hit) counts as it was.
 */
function gzippedBytes(root, r) {
  const file = r.failed ? null : distFile(root, r.path);
  if (!file) return r.bytes;
  const raw = readFileSync(file);
  if (r.bytes < raw.length) return r.bytes;
  return r.bytes - raw.length + gzipSync(raw, { level: 6 }).length;
}

/** Totals of a count: per class, app per resource type, cached requests, and the gzip estimate of the app. */
function summarizeBytes(root, tally) {
  const sum = (list) => list.reduce((a, r) => a + r.bytes, 0);
  const of = (kind) => tally.requests.filter((r) => r.kind === kind);
  const app = of('app');
  const byType = {};
  for (const r of app) {
    const k = r.type ?? 'Other';
    byType[k] ??= { requests: 0, bytes: 0, cached: 0 };
    byType[k].requests++;
    byType[k].bytes += r.bytes;
    if (r.fromCache || r.status === 304) byType[k].cached++;
  }
  const api = of('api');
  const pack = of('pack');
  const out = {
    app: { requests: app.length, bytes: sum(app), cachedRequests: app.filter((r) => r.fromCache || r.status === 304).length, gzipEstimateBytes: app.reduce((a, r) => a + gzippedBytes(root, r), 0), byType },
    api: { requests: api.length, bytes: sum(api) },
    socket: { framesReceived: tally.frames.received, bytes: tally.frames.receivedBytes, framesSent: tally.frames.sent, sentBytes: tally.frames.sentBytes },
    pack: { requests: pack.length, bytes: sum(pack), urls: pack.map((r) => `${r.method} ${r.path} ${r.status}${r.fromCache ? ' (cache)' : ''}`) },
    contentEncodings: [...tally.contentEncodings],
  };
  out.totalBytes = out.app.bytes + out.api.bytes + out.socket.bytes + out.pack.bytes;
  out.apiRequests = api.map((r) => `${r.method} ${r.path} ${r.status ?? '-'} ${r.bytes}`);
  out.appRequests = app.map((r) => `${r.type ?? '-'} ${r.path} ${r.status ?? '-'}${r.fromCache ? ' (cache)' : ''} ${r.bytes}`);
  return out;
}

/** Host: 'Create Game' on the home page; returns the game id and room code. */
async function createRoom(page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create Game' }).click();
  await page.waitForURL((u) => /^\/lobby\/[^/]+$/.test(u.pathname), { waitUntil: 'commit' });
  const gameId = new URL(page.url()).pathname.split('/')[2];
  await page.locator(tid('phase-lobby')).waitFor();
  const roomCode = await poll(() => textOf(page.locator(tid('room-code'))), (t) => /^[A-Z0-9]{6}$/.test(t), 'the room code');
  return { gameId, roomCode };
}

/** Guest: the home page's Join Game form (display name + room code) into the lobby. */
async function joinRoom(page, roomCode, gameId, name) {
  await page.goto('/');
  await page.locator(tid('home-join-game')).click();
  await page.locator(tid('join-form')).waitFor();
  const nameField = page.locator(tid('join-display-name'));
  if (await nameField.count()) await nameField.fill(name);
  await page.locator(tid('join-room-code')).fill(roomCode);
  await page.locator(tid('join-submit')).click();
  await page.waitForURL((u) => u.pathname === `/lobby/${gameId}`, { waitUntil: 'commit' });
  await page.locator(tid('phase-lobby')).waitFor();
}

/** Host: adds one bot, sets the role selection (taps each toggle: +1 up to the cap, then back to 0), starts. */
async function setUpAndStart(page, players) {
  const rows = page.locator(tid('player-list')).locator('li');
  await poll(() => rows.count(), (n) => n === players - 1, `${players - 1} players in the lobby`);
  await page.getByRole('button', { name: 'Add Bot Player' }).click();
  await poll(() => rows.count(), (n) => n === players, `${players} players in the lobby`);
  const toggles = page.locator('[data-testid^="role-toggle-"]');
  const ids = await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  for (const role of Object.keys(ROLES)) if (!ids.includes(`role-toggle-${role}`)) throw new Error(`no toggle for ${role}`);
  for (const id of ids) {
    const want = ROLES[id.slice('role-toggle-'.length)] ?? 0;
    const toggle = page.locator(tid(id));
    for (let taps = 0; taps < 6; taps++) {
      const count = Number(await toggle.getAttribute('data-count'));
      if (count === want) break;
      await toggle.click();
      await poll(async () => Number(await toggle.getAttribute('data-count')), (c) => c !== count, `${id} to change from ${count}`);
    }
    if (Number(await toggle.getAttribute('data-count')) !== want) throw new Error(`${id}: could not reach ${want}`);
  }
  const total = Object.values(ROLES).reduce((a, b) => a + b, 0);
  const confirmed = `${total} roles selected, ${total} needed for ${players} players`;
  await poll(() => textOf(page.getByText(/roles selected, \d+ needed for/)), (t) => t === confirmed, `'${confirmed}'`);
  await page.locator(tid('start-game')).click();
}

/**
 * Guest side once the game starts. `expectOffer` (the pack is not in this browser): waits for the host's
 * theme offer, accepts it and waits for the role card to show the themed name. Otherwise waits for the
 * themed name, then watches 1.5 s more for an offer (none is expected: the pack is already the active
 * theme) and accepts it if one comes.
 */
async function guestUntilRoleCard(page, theme, expectOffer) {
  const t0 = performance.now();
  const cardName = page.locator(tid('role-card-name'));
  const themedCard = async (timeout) => {
    const role = await poll(() => page.locator(tid('role-card')).first().getAttribute('data-role', { timeout: 2000 }), (r) => !!r, 'the dealt role', timeout);
    const themed = themeRoleName(theme, role);
    const shown = await poll(() => textOf(cardName), (t) => t === themed, `the themed role name '${themed}'`, timeout);
    return { role, shown, ms: performance.now() - t0 };
  };
  const accept = async () => {
    const sizeText = await textOf(page.locator(tid('theme-offer-size'))).catch(() => null);
    const at = performance.now();
    await page.locator(tid('theme-offer-accept')).click();
    await page.locator(tid('theme-offer')).waitFor({ state: 'detached', timeout: UPLOAD_MS });
    return { sizeText, at };
  };
  if (expectOffer) {
    await page.locator(tid('theme-offer')).waitFor({ timeout: STEP_MS });
    const offer = await accept();
    const card = await themedCard(UPLOAD_MS);
    return { offer: { sizeText: offer.sizeText }, role: card.role, roleCardName: card.shown, acceptToCardMs: performance.now() - offer.at, startToCardMs: card.ms };
  }
  const card = await themedCard(STEP_MS);
  const late = await page.locator(tid('theme-offer')).waitFor({ timeout: 1500 }).then(() => true, () => false);
  const offer = late ? await accept() : null;
  return { offer: offer ? { sizeText: offer.sizeText, unexpected: true } : null, role: card.role, roleCardName: card.shown, acceptToCardMs: null, startToCardMs: card.ms };
}

// ---------------------------------------------------------------------------------------------------------

/**
 * --themes: see the module comment. `withBenchStack` (scripts/bench.mjs) runs the body on a fresh stack
 * (here serving web/dist) and always stops it and drops its database.
 * @returns {Promise<object>} the result (printed already); `failed` is true when a check failed
 */
export async function themesBench({ root, log, stats, withBenchStack }) {
  const { seedDemoHost, DEMO_HOST } = await import('@nightfall/testing/launcher');
  if (!existsSync(resolve(root, 'web/dist/index.html'))) throw new Error('web/dist/index.html is missing: build the web app (drop --no-build)');
  return withBenchStack({ replicas: 1, hardLimitMs: 420_000, web: true }, async ({ stack, pg, adminUrl }) => {
    await seedDemoHost(`127.0.0.1:${stack.ports.identityGrpc}`, `127.0.0.1:${stack.ports.billingGrpc}`);
    const errors = [];
    const notes = [];
    const loadAverageAtStart = stats.loadAverage1();
    const browser = await launchChromium();
    const roots = { chromium: chromiumPid(stats), postgres: await stats.postmasterPid(adminUrl, pg), 'bench client': process.pid };
    for (const [name, child] of stack.children) roots[name] = child.pid;
    const measureCpu = () => cpuWindow(stats, roots);
    const dir = mkdtempSync(join(tmpdir(), 'nf-bench-themes-'));
    try {
      log(`Chromium ${browser.version()}; drawing the ~20 MB pack (30 role pictures ${PICTURE.width}x${PICTURE.height}, JPEG ${PICTURE.quality})...`);
      const made = await makePack(browser, root, log);
      const file = join(dir, 'corporate-lunch-20mb.zip');
      writeFileSync(file, made.bytes);
      const { theme } = await readThemeZip(made.bytes, 'corporate-lunch-20mb.zip');
      const pack = {
        file: 'corporate-lunch-20mb.zip',
        themeId: theme.id,
        sizeBytes: made.bytes.length,
        sizeMiB: stats.round(made.bytes.length / 2 ** 20, 3),
        rolePictures: made.pictures,
        picture: `${PICTURE.width}x${PICTURE.height} JPEG ${PICTURE.quality}`,
        pictureBytes: { min: Math.min(...made.pictureBytes), max: Math.max(...made.pictureBytes), mean: Math.round(made.pictureBytes.reduce((a, b) => a + b, 0) / made.pictureBytes.length) },
        grainAmplitude: { min: stats.round(Math.min(...made.amps), 2), max: stats.round(Math.max(...made.amps), 2) },
        generationSeconds: stats.round(made.generationMs / 1000, 1),
      };
      log(`  pack: ${pack.sizeBytes} bytes (${pack.sizeMiB} MiB), ${pack.rolePictures} role pictures of ${pack.pictureBytes.min}..${pack.pictureBytes.max} bytes, in ${pack.generationSeconds} s`);

      // 1. upload to ready, UPLOAD_RUNS times, the store cleared in between
      const host = await openPage(browser, stack.url, 'host', errors);
      await signIn(host.page, DEMO_HOST.email, DEMO_HOST.password);
      const runs = [];
      for (let i = 0; i < UPLOAD_RUNS; i++) {
        if (i > 0) await clearStore(host.page);
        log(`upload ${i + 1}/${UPLOAD_RUNS} on /themes...`);
        const r = await uploadOnce(host.page, file, theme.id, measureCpu);
        runs.push(r);
        log(`  ready in ${stats.round(r.readyMs, 0)} ms (compression ${stats.round(r.compressionMs, 0)} ms, server upload ${r.postStartMs === null ? '-' : stats.round(r.postEndMs - r.postStartMs, 0)} ms); stored ${r.stored.sizeBytes} bytes (${r.stored.storage}); machine CPU ${r.cpu.machineBusyPercent} % busy, ${r.cpu.otherPercentOfMachine} % by other processes`);
      }
      const median = (xs) => stats.summarize(xs.filter((x) => typeof x === 'number'))?.p50 ?? null;
      const upload = {
        runs: runs.map((r) => ({
          ...r,
          readyMs: stats.round(r.readyMs, 0),
          nodeMs: stats.round(r.nodeMs, 0),
          compressionMs: stats.round(r.compressionMs, 0),
          serverUploadMs: r.postStartMs === null ? null : stats.round(r.postEndMs - r.postStartMs, 0),
        })),
        medianReadyMs: stats.round(median(runs.map((r) => r.readyMs)), 0),
        medianCompressionMs: stats.round(median(runs.map((r) => r.compressionMs)), 0),
        medianServerUploadMs: stats.round(median(runs.map((r) => (r.postStartMs === null ? null : r.postEndMs - r.postStartMs))), 0),
        storedBytes: runs.at(-1).stored.sizeBytes,
        storedVsUpload: runs.at(-1).stored.sizeBytes ? stats.round(runs.at(-1).stored.sizeBytes / made.bytes.length, 3) : null,
        serverUploads: runs.filter((r) => r.serverUpload && r.serverUpload.status >= 200 && r.serverUpload.status < 300).length,
      };
      const sha256 = runs.at(-1).serverUpload?.sha256 ?? null;
      if (upload.serverUploads !== UPLOAD_RUNS) notes.push(`only ${upload.serverUploads} of ${UPLOAD_RUNS} uploads reached POST /api/themes/packs with a 2xx answer`);

      // 2. bytes to join: the host prefers the pack, a fresh guest joins by room code and accepts the offer
      log('host: the pack as the preferred theme (Theme Settings)...');
      await host.page.goto('/admin/theme');
      await host.page.locator(tid('admin-theme')).waitFor();
      await host.page.locator(tid(`theme-preference-${theme.id}`)).click();
      await host.page.locator('.ant-notification-notice').filter({ hasText: 'Theme Preference Saved' }).last().waitFor();

      const guest = await openPage(browser, stack.url, 'guest', errors);
      const counter = await byteCounter(guest.page);
      const joins = [];
      for (const [i, label] of ['first join (empty browser)', 'second join (same browser, pack cached)'].entries()) {
        log(`${label}: host creates a room, the guest joins by room code...`);
        const { gameId, roomCode } = await createRoom(host.page);
        const cpu = measureCpu();
        const t0 = performance.now();
        counter.start();
        await joinRoom(guest.page, roomCode, gameId, 'Guest Gina');
        const lobbyMs = performance.now() - t0;
        await setUpAndStart(host.page, 3);
        const seen = await guestUntilRoleCard(guest.page, theme, i === 0);
        const bytes = summarizeBytes(root, counter.stop());
        const cpuUse = cpu();
        const packInOpfs = (await guest.page.evaluate(readBrowserStore)).meta.find((p) => p.id === theme.id) ?? null;
        joins.push({ label, gameId, ...seen, lobbyMs: stats.round(lobbyMs, 0), startToCardMs: stats.round(seen.startToCardMs, 0), acceptToCardMs: stats.round(seen.acceptToCardMs, 0), bytes, guestPack: packInOpfs, cpu: cpuUse });
        log(`  lobby after ${stats.round(lobbyMs, 0)} ms, themed role card '${seen.roleCardName}' ${stats.round(seen.startToCardMs, 0)} ms after the start; received ${bytes.totalBytes} bytes (app ${bytes.app.bytes}, api ${bytes.api.bytes}, socket ${bytes.socket.bytes}, pack ${bytes.pack.bytes})`);
        if (i === 0 && bytes.pack.requests !== 1) notes.push(`first join: ${bytes.pack.requests} pack downloads (1 expected)`);
        if (i === 1 && bytes.pack.bytes !== 0) notes.push(`second join: the pack was downloaded again (${bytes.pack.bytes} bytes)`);
      }
      await counter.close();
      const wrongPack = !!sha256 && joins[0].bytes.pack.urls.length > 0 && !joins[0].bytes.pack.urls[0].includes(sha256);
      if (wrongPack) notes.push('the pack the guest downloaded is not the one uploaded last');
      if (joins[1].offer) notes.push('second join: the theme offer was shown although the pack is already the active theme (accepted)');
      if (joins[0].bytes.contentEncodings.length === 0) notes.push('no response had a Content-Encoding: the gateway serves the SPA and the API uncompressed (app gzip = gzip -6 of the same web/dist files)');
      if (errors.length) notes.push(`${errors.length} uncaught page error(s): ${errors.slice(0, 3).join(' | ')}`);
      await host.context.close().catch(() => undefined);
      await guest.context.close().catch(() => undefined);

      const maxOther = Math.max(...runs.map((r) => r.cpu.otherPercentOfMachine ?? 0), ...joins.map((j) => j.cpu.otherPercentOfMachine ?? 0));
      if (maxOther > 10) notes.push(`up to ${maxOther} % of the machine's CPU went to other processes during the measures: the times are longer than on an idle machine`);
      const failed = upload.serverUploads !== UPLOAD_RUNS || joins[0].bytes.pack.requests !== 1 || joins[1].bytes.pack.bytes !== 0 || wrongPack;
      const out = { browser: `Chromium ${browser.version()}`, loadAverageAtStart, pack, upload, joins, errors, notes, failed };
      printThemes(out, stats);
      return out;
    } finally {
      await browser.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

const kb = (b) => (b === null || b === undefined ? '-' : (b / 1024).toFixed(1));
const ms0 = (v) => (v === null || v === undefined ? '-' : Math.round(v).toString());

/** Prints the tables of a --themes result. */
export function printThemes(r, stats) {
  const { pack, upload, joins } = r;
  console.log('');
  console.log(`== Theme pack upload: ${pack.file}, ${pack.sizeBytes} bytes (${megabytes(pack.sizeBytes)} MB), ${pack.rolePictures} role pictures ${pack.picture}; ${r.browser}, 390x844 ==`);
  console.log('Upload to ready on /themes as the signed-in demo host (ms from setInputFiles; storage cleared between runs):');
  console.log(
    stats.table(['run', 'ready', 'read ZIP', 'compression', 'pictures', 'write+install', 'POST /api/themes/packs', 'banner', 'listed', 'stored bytes', 'store', 'Chromium CPU %', 'other CPU %'], [
      ...upload.runs.map((x, i) => [
        i + 1,
        ms0(x.readyMs),
        ms0(x.progressShownMs),
        ms0(x.compressionMs),
        x.pictures,
        x.postStartMs === null ? '-' : ms0(x.postStartMs - x.compressedMs),
        x.postStartMs === null ? '-' : `${ms0(x.serverUploadMs)} (${x.serverUpload?.status ?? '-'})`,
        ms0(x.bannerMs),
        ms0(x.listedMs),
        x.stored.sizeBytes,
        x.stored.storage,
        x.cpu.percentOfOneCore.chromium,
        x.cpu.otherPercentOfMachine,
      ]),
      ['median', ms0(upload.medianReadyMs), '', ms0(upload.medianCompressionMs), '', '', ms0(upload.medianServerUploadMs), '', '', '', '', '', ''],
    ]),
  );
  console.log('(Chromium CPU % = its whole process tree, 100 = one core; other CPU % = share of the machine used by processes that are neither the stack, Chromium nor the bench)');
  console.log(`stored pack: ${upload.storedBytes} bytes (${megabytes(upload.storedBytes ?? 0)} MB) = ${stats.round(100 * (upload.storedVsUpload ?? 0), 1)} % of the upload`);
  console.log('');
  console.log(`== Bytes the guest's browser received to join a themed game (host + guest + 1 bot; from opening / until the role card shows the themed name) ==`);
  console.log(
    stats.table(['', ...joins.map((j) => j.label)], [
      ['app (HTML, JS, CSS, fonts, pictures) kB', ...joins.map((j) => `${kb(j.bytes.app.bytes)} (${j.bytes.app.requests} req, ${j.bytes.app.cachedRequests} cached)`)],
      ['  the same gzipped (estimate) kB', ...joins.map((j) => kb(j.bytes.app.gzipEstimateBytes))],
      ['API (REST JSON, /ws handshake) kB', ...joins.map((j) => `${kb(j.bytes.api.bytes)} (${j.bytes.api.requests} req)`)],
      ['WebSocket frames received kB', ...joins.map((j) => `${kb(j.bytes.socket.bytes)} (${j.bytes.socket.framesReceived} frames)`)],
      ['theme pack kB', ...joins.map((j) => `${kb(j.bytes.pack.bytes)} (${j.bytes.pack.requests} req)`)],
      ['total kB', ...joins.map((j) => kb(j.bytes.totalBytes))],
      ['theme offer shown', ...joins.map((j) => (j.offer ? `yes${j.offer.sizeText ? ` (${j.offer.sizeText})` : ''}` : 'no (already the active theme)'))],
      ['accept -> themed role card (ms)', ...joins.map((j) => ms0(j.acceptToCardMs))],
      ['open / -> in the lobby (ms)', ...joins.map((j) => ms0(j.lobbyMs))],
      ['game started -> themed role card (ms)', ...joins.map((j) => ms0(j.startToCardMs))],
      ['role card', ...joins.map((j) => `${j.roleCardName} (${j.role})`)],
      ['other CPU % of the machine', ...joins.map((j) => j.cpu.otherPercentOfMachine)],
    ]),
  );
  console.log(`load average at start (1 min): ${r.loadAverageAtStart}`);
  for (const n of r.notes) console.log(`note: ${n}`);
  if (r.failed) console.log('FAILED: see the notes above');
}
