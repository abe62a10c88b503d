import { Module } from '@nestjs/common';
import { RetentionService } from './retention.service.js';

/** Retention of identity's dead sessions and expired magic-link tokens (docs/architecture.md "Retention"). Exports nothing. */
@Module({ providers: [RetentionService] })
export class RetentionModule {}
