import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { WsAdapter } from '@nestjs/platform-ws';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { raw, type NextFunction, type Request, type Response } from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { isDevMode, loadGatewayEnv, type GatewayEnv } from './env.js';

/**
 * Creates the gateway application: JSON body limit 64 kB, cookies, WebSocket adapter whose parser
 * hands every frame to one handler (validation happens there), and the SPA with client-side routes.
 */
export async function createGateway(env: GatewayEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Security headers (helmet's defaults: nosniff, frame and referrer policies, HSTS over https...) and a
  // Content-Security-Policy for the SPA: its own scripts only; inline styles (antd's CSS-in-JS); theme
  // pictures as data: and blob: URLs, custom roles' image URLs (https:); the compression worker from blob:; the API and /ws on this origin.
  // No upgrade-insecure-requests: a LAN or test deployment over plain http must keep working.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'worker-src': ["'self'", 'blob:'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  // Stripe signs the exact bytes: the webhook route alone gets the raw body (before the JSON parser).
  app.use('/api/stripe/webhook', raw({ type: () => true, limit: '1mb' }));
  app.useBodyParser('json', { limit: '64kb' });
  app.use(cookieParser());
  app.useWebSocketAdapter(new WsAdapter(app, { messageParser: (data) => ({ event: 'message', data: data.toString() }) }));
  app.enableShutdownHooks();
  // Whose X-Forwarded-For names the client (req.ip): TRUST_PROXY (docs/architecture.md "Client addresses").
  app.set('trust proxy', env.TRUST_PROXY);
  if (env.WEB_DIST) {
    const dist = resolve(env.WEB_DIST);
    if (!existsSync(resolve(dist, 'index.html'))) throw new Error(`WEB_DIST has no index.html: ${dist}`);
    app.useStaticAssets(dist, { index: false, maxAge: '1h', setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') });
    // Client-side routes (/, /auth, /lobby/:id, /game/:id and the 404 page) all load the SPA.
    const devTools = isDevMode(env);
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path.startsWith('/api/') || req.path.startsWith('/health') || req.path === '/ws') return next();
      if (req.path === '/default-theme.zip') return next(); // the generic theme's pack (ThemesModule)
      if (devTools && req.path.startsWith('/dev/')) return next(); // /dev/outbox, /dev/checkout (development, loopback only)
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(resolve(dist, 'index.html'));
    });
  }
  return app;
}

async function bootstrap(): Promise<void> {
  const env = loadGatewayEnv();
  const app = await createGateway(env);
  await app.listen(env.PORT, '0.0.0.0');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  bootstrap().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
