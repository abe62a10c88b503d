/* global self, caches */
/*
 * Nightfall's service worker (docs/architecture.md "Table experience"), registered by production builds only
 * (web/src/pwa/register.ts). Hand-written, no framework.
 *
 * - install: caches the offline shell (the offline page, its script, the manifest and the icons) and takes over
 *   at once;
 * - activate: drops the caches of older versions and controls the open pages;
 * - a page navigation goes to the network as usual; when that fails (no connection) the answer is the cached
 *   offline page ('You are offline' with a Retry button);
 * - the shell's own files are fetched from the network, from the cache when offline;
 * - everything else (the API, /ws, the content-hashed /assets files, which the browser already keeps for a
 *   year) is left alone: the service worker does not answer for it.
 */
const CACHE = 'nightfall-shell-v1';
const OFFLINE_PAGE = '/offline.html';
const SHELL = [OFFLINE_PAGE, '/offline.js', '/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('nightfall-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE).then((page) => page || Response.error())));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname).then((file) => file || Response.error())));
  }
});
