/**
 * The built web app (WEB_DIST) as the gateway serves it (docs/architecture.md "The web app's files"):
 * every file as it is on disk, or its precompressed copy (`<file>.br`, `<file>.gz`, written by the web build)
 * with `Content-Encoding` when the client accepts it, brotli before gzip; `Vary: Accept-Encoding` on every
 * file that has a copy. The content-hashed files under /assets are cached for a year without revalidation,
 * index.html (and everything else) is revalidated on every use. Client-side routes get index.html.
 */
import { existsSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Cache-Control of a content-hashed file under /assets: one year (31,536,000 s), never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control of index.html, the client-side routes and any file without a hash in its name. */
export const REVALIDATE = 'no-cache';

/**
 * A build file whose name carries its content hash: vite's `[name]-[hash].[ext]` (an 8-character hash),
 * maybe followed by the `.br` / `.gz` of a precompressed copy.
 */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(?:\.br|\.gz)?$/;

/**
 * Cache-Control of the file at `path` (absolute, inside `dist`): {@link IMMUTABLE} for a hashed file directly in
 * `dist/assets`, else {@link REVALIDATE}.
 */
export function cacheControlFor(dist: string, path: string): string {
  const rel = relative(dist, path).split(sep);
  return rel.length === 2 && rel[0] === 'assets' && HASHED_NAME.test(basename(path)) ? IMMUTABLE : REVALIDATE;
}

/** Options of {@link webApp}. */
export interface WebAppOptions {
  /** The development tools' pages (/dev/*) exist: they are left to their controllers (docs/architecture.md "Development tools"). */
  devTools: boolean;
}

/**
 * Whether a request that matched no file gets index.html (a client-side route: /, /auth, /join/:code, /lobby/:id,
 * /game/:id, the 404 page...): GET requests outside /api/, /health, /ws, /default-theme.zip (the generic theme's pack, ThemesModule),
 * /assets/ (a missing build file is a 404, never HTML) and, with `devTools`, /dev/.
 */
export function isClientRoute(req: Pick<Request, 'method' | 'path'>, o: WebAppOptions): boolean {
  const p = req.path;
  if (req.method !== 'GET') return false;
  if (p.startsWith('/api/') || p.startsWith('/health') || p === '/ws' || p === '/default-theme.zip' || p.startsWith('/assets/')) return false;
  return !(o.devTools && p.startsWith('/dev/'));
}

/**
 * The middleware serving the web app built into `dist` (see the module comment). Requests it does not answer
 * (no such file and not a client route) go on to the next handler.
 * @throws Error when `dist` has no index.html
 */
export function webApp(dist: string, o: WebAppOptions): RequestHandler {
  const root = resolve(dist);
  if (!existsSync(resolve(root, 'index.html'))) throw new Error(`WEB_DIST has no index.html: ${root}`);
  const files = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControlFor(root, path)),
    },
  }) as RequestHandler;
  return (req: Request, res: Response, next: NextFunction) => {
    files(req, res, (err?: unknown) => {
      if (err || !isClientRoute(req, o)) return next(err);
      // A client-side route: index.html through the same middleware (so compressed, and revalidated).
      const url = req.url;
      req.url = '/index.html';
      files(req, res, (err2?: unknown) => {
        req.url = url;
        next(err2);
      });
    });
  };
}
