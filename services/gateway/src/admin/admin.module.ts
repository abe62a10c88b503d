import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminController } from './admin.controller.js';
import { SuperAdminGuard } from './super-admin.guard.js';

/**
 * The admin console over REST (`/api/admin/*`, spec 001 section 7), answered by the admin service.
 * Uses AuthModule's session and admin guards. Exports nothing.
 */
@Module({ imports: [AuthModule], controllers: [AdminController], providers: [SuperAdminGuard] })
export class AdminModule {}
