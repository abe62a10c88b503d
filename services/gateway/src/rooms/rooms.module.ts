import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RoomsController } from './rooms.controller.js';

/** Rooms and games over REST: create, join, the caller's snapshot, seating, the admin's role change. Exports nothing. */
@Module({ imports: [AuthModule], controllers: [RoomsController] })
export class RoomsModule {}
