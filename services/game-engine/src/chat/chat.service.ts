import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ChatMessage } from '@nightfall/protocol';
import { GAME_ENV, type GameEnv } from '../env.js';
import { MessageEntity } from './message.entity.js';

/** A message to store: a player's chat line (`userId` set) or a system announcement (`userId` null). */
export interface NewMessage {
  gameId: string;
  userId: string | null;
  displayName: string;
  content: string;
  messageType: 'chat' | 'system';
  /** System messages: the label shown, e.g. 'Revealer Announcement'. */
  label: string | null;
  /** Epoch ms. */
  timestamp: number;
}

/**
 * The `messages` table of a game: chat lines and system announcements. Validation of a chat line is
 * the rules engine's (`validateChatMessage`), under the game's lock (see GamesService.sendMessage).
 */
@Injectable()
export class ChatService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  /** The newest messages of a game, oldest first (at most SNAPSHOT_MESSAGES). */
  async recent(gameId: string): Promise<ChatMessage[]> {
    const rows = await this.ds.getRepository(MessageEntity).find({
      where: { gameId },
      order: { timestamp: 'DESC' },
      take: this.env.SNAPSHOT_MESSAGES,
    });
    return rows.reverse().map((m) => ({
      id: m.id,
      gameId: m.gameId,
      userId: m.userId,
      displayName: m.displayName,
      content: m.content,
      messageType: m.messageType,
      ...(m.label ? { label: m.label } : {}),
      timestamp: m.timestamp.getTime(),
    }));
  }

  /** Inserts messages inside the caller's transaction `m` (the game row is locked there). */
  async insert(m: EntityManager, messages: NewMessage[]): Promise<void> {
    for (const msg of messages) await m.insert(MessageEntity, { ...msg, timestamp: new Date(msg.timestamp) });
  }
}
