/**
 * The installed app's files that the build writes from the message catalogue (docs/architecture.md "Table
 * experience"): the web app manifest and the offline page the service worker (web/public/sw.js) answers with
 * when a navigation fails. Pure string builders, imported by web/vite.config.ts (build and dev server) and
 * unit tested in files.spec.ts. No DOM, no Node built-ins.
 */

/** Background and theme colour of the app (the dark theme's `colorBgBase`, web/src/theme/appTheme.ts, and index.html's theme-color). */
export const APP_BACKGROUND = '#0b0f1a';

/** The texts these files need: entries of the catalogue's `TABLE_EN` (web/src/i18n/en/table.ts). */
export interface PwaTexts {
  'app.name': string;
  'app.description': string;
  'offline.title': string;
  'offline.text': string;
  'offline.retry': string;
}

/** One icon of the manifest: a file of web/public. */
export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** The icons of web/public: the moon of the favicon as SVG, and PNG renderings of it (192 and 512 px). */
export const ICONS: readonly ManifestIcon[] = [
  { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest (served as /manifest.webmanifest, linked from index.html): name, standalone display,
 * portrait orientation, the app's colours, start at /, icons.
 * @returns JSON text
 */
export function webManifest(text: PwaTexts): string {
  return `${JSON.stringify(
    {
      name: text['app.name'],
      short_name: text['app.name'],
      description: text['app.description'],
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: APP_BACKGROUND,
      theme_color: APP_BACKGROUND,
      icons: ICONS,
    },
    null,
    2,
  )}\n`;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * The offline page (served as /offline.html, precached by the service worker): 'You are offline', a line of
 * help and a Retry button that reloads the address the player asked for. Self-contained: inline styles (the
 * Content-Security-Policy allows them) and one same-origin script, /offline.js (inline scripts are not allowed).
 * @returns HTML text
 */
export function offlinePageHtml(text: PwaTexts): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="${APP_BACKGROUND}" />
    <meta name="color-scheme" content="dark" />
    <title>${e(text['offline.title'])} · ${e(text['app.name'])}</title>
    <link rel="icon" href="/icon.svg" />
    <style>
      html, body { margin: 0; min-height: 100%; background: ${APP_BACKGROUND}; color: rgba(255, 255, 255, 0.85);
        font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
      main { min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
        gap: 16px; padding: 24px; box-sizing: border-box; text-align: center; }
      img { width: 72px; height: 72px; }
      h1 { margin: 0; font-size: 26px; }
      p { margin: 0; max-width: 320px; line-height: 1.5; color: rgba(255, 255, 255, 0.6); }
      button { font: inherit; font-size: 16px; font-weight: 600; color: #fff; background: #7c6cf0; border: 0;
        border-radius: 8px; padding: 10px 28px; min-height: 44px; cursor: pointer; }
    </style>
  </head>
  <body>
    <main data-testid="offline-page">
      <img src="/icon.svg" alt="" />
      <h1>${e(text['offline.title'])}</h1>
      <p>${e(text['offline.text'])}</p>
      <button type="button" id="retry" data-testid="offline-retry">${e(text['offline.retry'])}</button>
    </main>
    <script src="/offline.js"></script>
  </body>
</html>
`;
}
