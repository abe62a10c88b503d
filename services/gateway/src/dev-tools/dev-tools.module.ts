import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { isDevMode, type GatewayEnv } from '../env.js';
import { DebugController } from './debug.controller.js';
import { DevCheckoutController } from './dev-checkout.controller.js';
import { LoopbackOnlyGuard } from './loopback-only.guard.js';
import { OutboxController } from './outbox.controller.js';

/**
 * Development tools (docs/architecture.md "Development tools"): the dev outbox (`/dev/outbox`,
 * `/api/dev/outbox`) and the local test checkout (`/dev/checkout`) exist only with NODE_ENV=development
 * set explicitly, and answer loopback clients only ({@link LoopbackOnlyGuard}); `/api/debug/*` always
 * exists and answers admins, and in development every signed-in loopback client. Exports nothing.
 */
@Module({})
export class DevToolsModule {
  static forRoot(env: Pick<GatewayEnv, 'NODE_ENV'>): DynamicModule {
    return {
      module: DevToolsModule,
      imports: [AuthModule],
      controllers: isDevMode(env) ? [DebugController, OutboxController, DevCheckoutController] : [DebugController],
      providers: [LoopbackOnlyGuard],
    };
  }
}
