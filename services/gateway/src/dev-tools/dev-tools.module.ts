import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DebugController } from './debug.controller.js';
import { DevCheckoutController } from './dev-checkout.controller.js';
import { OutboxController } from './outbox.controller.js';

/**
 * Development tools: the dev outbox (`/dev/outbox`, `/api/dev/outbox`), the local test checkout
 * (`/dev/checkout`), and `/api/debug/*` (development, or admins). Each controller refuses outside
 * development mode by itself. Exports nothing.
 */
@Module({ imports: [AuthModule], controllers: [DebugController, OutboxController, DevCheckoutController] })
export class DevToolsModule {}
