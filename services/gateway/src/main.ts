import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { raw } from 'express';
import { Logger } from 'nestjs-pino';
import { httpObservability, serveMetrics, startTracing } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { isDevMode, loadGatewayEnv, type GatewayEnv } from './env.js';
import { webApp } from './http/web-app.js';
import { GameSocketAdapter } from './realtime/game-socket.adapter.js';

/**
 * Creates the gateway application: JSON body limit 64 kB, cookies, the WebSocket adapter (GameGateway reads each
 * socket's frames itself and validates them; see {@link GameSocketAdapter}), and the SPA with client-side routes
 * (precompressed, see {@link webApp}).
 */
export async function createGateway(env: GatewayEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), { bufferLogs: true, bodyParser: false });
  // RED metrics and the request's trace context (x-request-id, traceparent) for every request (docs/architecture.md "Metrics and traces")
  app.use(httpObservability());
  // With METRICS_PORT, /metrics is served there only: the public port (the ingress) does not show it
  if (env.METRICS_PORT) {
    app.use('/metrics', (_req: unknown, res: { status(n: number): { json(b: unknown): void } }) => res.status(404).json({ code: 'NOT_FOUND', title: 'Error', message: 'Not found' }));
  }
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
  app.useWebSocketAdapter(new GameSocketAdapter(app));
  app.enableShutdownHooks();
  // Whose X-Forwarded-For names the client (req.ip): TRUST_PROXY (docs/architecture.md "Client addresses").
  app.set('trust proxy', env.TRUST_PROXY);
  // The built web app: precompressed files, immutable hashed assets, client-side routes (docs/architecture.md "The web app's files").
  if (env.WEB_DIST) app.use(webApp(env.WEB_DIST, { devTools: isDevMode(env) }));
  return app;
}

async function bootstrap(): Promise<void> {
  const env = loadGatewayEnv();
  // before the app loads pg (docs/architecture.md "Metrics and traces")
  await startTracing({ service: 'gateway', endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, sampleRatio: env.OTEL_TRACES_SAMPLER_ARG });
  const app = await createGateway(env);
  if (env.METRICS_PORT) {
    const metrics = await serveMetrics(env.METRICS_PORT);
    process.once('SIGTERM', () => metrics.close());
  }
  await app.listen(env.PORT, '0.0.0.0');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  bootstrap().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
