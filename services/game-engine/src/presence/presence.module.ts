import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { PresenceService } from './presence.service.js';

/** Players' open connections (the online dot). Exports PresenceService. */
@Module({ imports: [StoreModule], providers: [PresenceService], exports: [PresenceService] })
export class PresenceModule {}
