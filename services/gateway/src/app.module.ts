import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ClientsModule } from '@nestjs/microservices';
import { PassportModule } from '@nestjs/passport';
import { TerminusModule } from '@nestjs/terminus';
import { grpcClientOptions, loggerModule } from '@nightfall/server-kit';
import { AdminAccess, AdminGuard } from './auth/admin.js';
import { AuthController } from './auth/auth.controller.js';
import { LocalStrategy } from './auth/local.strategy.js';
import { MeService } from './auth/me.service.js';
import { AuthThrottlerGuard, authThrottlerModule } from './auth/throttle.js';
import { CheckoutController } from './billing/checkout.controller.js';
import { DevCheckoutController } from './billing/dev-checkout.controller.js';
import { StripeWebhookController } from './billing/stripe-webhook.controller.js';
import { DebugController } from './debug/debug.controller.js';
import { OutboxController } from './debug/outbox.controller.js';
import { ProfileController } from './profile/profile.controller.js';
import { SessionService } from './auth/session.service.js';
import { SessionStrategy } from './auth/session.strategy.js';
import { GATEWAY_ENV, type GatewayEnv } from './env.js';
import { ApiErrorFilter } from './http/errors.filter.js';
import { HealthController } from './http/health.controller.js';
import { GameGateway } from './realtime/game.gateway.js';
import { RealtimeHub } from './realtime/realtime-hub.service.js';
import { RoomsController } from './rooms/rooms.controller.js';
import { BILLING_CLIENT, GAME_CLIENT, IDENTITY_CLIENT, UpstreamService } from './upstream/upstream.service.js';

/** Root module of the gateway. */
@Module({})
export class AppModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule('gateway', env.LOG_LEVEL),
        ClientsModule.register([
          grpcClientOptions(IDENTITY_CLIENT, 'identity', env.IDENTITY_GRPC_TARGET),
          grpcClientOptions(BILLING_CLIENT, 'billing', env.BILLING_GRPC_TARGET),
          grpcClientOptions(GAME_CLIENT, 'game', env.GAME_GRPC_TARGET),
        ]),
        JwtModule.register({ secret: env.SESSION_SECRET, verifyOptions: { algorithms: ['HS256'] } }),
        PassportModule,
        TerminusModule,
        authThrottlerModule(env),
      ],
      controllers: [
        AuthController,
        RoomsController,
        HealthController,
        ProfileController,
        CheckoutController,
        StripeWebhookController,
        DevCheckoutController,
        DebugController,
        OutboxController,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        UpstreamService,
        SessionService,
        SessionStrategy,
        LocalStrategy,
        MeService,
        AdminAccess,
        AdminGuard,
        AuthThrottlerGuard,
        RealtimeHub,
        GameGateway,
      ],
    };
  }
}
