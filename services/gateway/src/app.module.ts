import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HealthModule, MetricsModule, envModule, loggerModule, natsModule } from '@nightfall/server-kit';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { DevToolsModule } from './dev-tools/dev-tools.module.js';
import { GATEWAY_ENV, type GatewayEnv } from './env.js';
import { HistoryModule } from './history/history.module.js';
import { ApiErrorFilter } from './http/errors.filter.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RoomsModule } from './rooms/rooms.module.js';
import { ThemesModule } from './themes/themes.module.js';
import { UpstreamModule } from './upstream/upstream.module.js';

/**
 * Root module of the gateway: only composes (docs/architecture.md "Feature modules").
 * Global plumbing: the validated env, logging, NATS, the upstream gRPC clients, the shared rate limits, the error filter.
 * Features: Auth, Rooms, History, Realtime, Checkout, DevTools, Admin, Themes, and the health endpoints (ready =
 * NATS and the five upstreams answer).
 */
@Module({})
export class AppModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        envModule(GATEWAY_ENV, env),
        loggerModule('gateway', env.LOG_LEVEL),
        natsModule({ servers: env.NATS_URL, name: 'gateway' }),
        MetricsModule.forRoot(),
        UpstreamModule,
        RateLimitsModule,
        // ready = can do its own job (NATS for the views); an upstream that is down costs only the calls
        // that need it (503 SERVICE_UNAVAILABLE), not the whole site: its status is at /health/upstreams
        HealthModule.forRoot({
          nats: true,
          upstreams: [
            { key: 'identity', url: env.IDENTITY_GRPC_TARGET, service: 'nightfall.identity.v1.IdentityService' },
            { key: 'billing', url: env.BILLING_GRPC_TARGET, service: 'nightfall.billing.v1.BillingService' },
            { key: 'game', url: env.GAME_GRPC_TARGET, service: 'nightfall.game.v1.GameService' },
            { key: 'admin', url: env.ADMIN_GRPC_TARGET, service: 'nightfall.admin.v1.AdminService' },
            { key: 'theme', url: env.THEME_GRPC_TARGET, service: 'nightfall.theme.v1.ThemeService' },
          ],
        }),
        AuthModule,
        RoomsModule,
        HistoryModule,
        RealtimeModule,
        CheckoutModule,
        DevToolsModule.forRoot(env),
        AdminModule,
        ThemesModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiErrorFilter }],
    };
  }
}
