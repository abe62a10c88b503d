import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Announcement, SystemMessage, SystemMessageKind } from '@nightfall/game-rules';
import type { ChatMessage } from '@nightfall/protocol';
import { GAME_ENV, type GameEnv } from '../env.js';
import { MessageEntity } from './message.entity.js';

/** A message to store: a player's chat line (`userId` set) or a system announcement (`userId` null). */
export interface NewMessage {
  /** Set by the store before the insert, so the cached and the stored message share it. */
  id?: string;
  gameId: string;
  userId: string | null;
  displayName: string;
  content: string;
  messageType: 'chat' | 'system';
  /** System messages: their kind ('revealer_announcement'; see {@link systemMessageRow}). */
  label: string | null;
  /** Epoch ms. */
  timestamp: number;
}

const SYSTEM_KINDS: ReadonlySet<string> = new Set<SystemMessageKind>(['revealer_announcement']);

/**
 * The row of a system message of the rules (docs/rules.md "Message codes"): the rules give a kind and an
 * announcement as a code, never a sentence. The row keeps the kind in `label` (and `display_name`) and the
 * announcement as JSON in `content`; {@link ChatService.recent} gives it back as `kind` + `announcement`.
 */
export function systemMessageRow(gameId: string, sm: SystemMessage, timestamp: number): NewMessage {
  return { gameId, userId: null, displayName: sm.kind, content: JSON.stringify(sm.announcement), messageType: 'system', label: sm.kind, timestamp };
}

/** A stored message as clients receive it (see {@link ChatService.recent}). */
export function toChatMessage(m: NewMessage): ChatMessage {
  const base = { id: m.id ?? '', gameId: m.gameId, userId: m.userId, displayName: m.displayName, messageType: m.messageType, timestamp: m.timestamp };
  const announcement = announcementOf(m);
  if (announcement) return { ...base, content: '', kind: m.label as SystemMessageKind, announcement };
  return { ...base, content: m.content, ...(m.label ? { label: m.label } : {}) };
}

/** The announcement a system row holds, or null (rows stored before the codes hold an English sentence). */
function announcementOf(row: Pick<MessageEntity, 'messageType' | 'label' | 'content'>): Announcement | null {
  if (row.messageType !== 'system' || !row.label || !SYSTEM_KINDS.has(row.label)) return null;
  try {
    const parsed = JSON.parse(row.content) as unknown;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { code?: unknown }).code === 'string' ? (parsed as Announcement) : null;
  } catch {
    return null;
  }
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
    return rows.reverse().map((m) => toChatMessage({ ...m, timestamp: m.timestamp.getTime() }));
  }
}
