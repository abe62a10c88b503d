import { Module } from '@nestjs/common';
import { ChatService } from './chat.service.js';

/** The messages of games (chat and system announcements). Exports ChatService. */
@Module({ providers: [ChatService], exports: [ChatService] })
export class ChatModule {}
