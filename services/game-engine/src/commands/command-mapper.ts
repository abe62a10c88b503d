import { randomUUID } from 'node:crypto';
import type { Command } from '@nightfall/game-rules';
import { gameActionSchema, seatingSchema } from '@nightfall/protocol/schemas';
import { ERROR_TITLE } from '@nightfall/protocol';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import { GameErrorCode, badInput } from '../game-error-code.js';

/**
 * Parses a command's JSON data (the gateway forwards the client's `data` as JSON).
 * @throws INVALID_ARGUMENT 'Malformed action data'
 */
export function parseActionData(dataJson: string): unknown {
  try {
    return dataJson ? JSON.parse(dataJson) : {};
  } catch {
    throw badInput('Malformed action data');
  }
}

/**
 * Maps a protocol action (spec 000 section 7 `game_action`, plus `update_seating` from the REST
 * seating call) to a rules Command for `userId`. The data is validated with the protocol's schema.
 * @throws INVALID_ARGUMENT INVALID_INPUT 'Invalid <action>' / INVALID_SEATING 'Failed to rearrange seating'
 */
export function toCommand(userId: string, action: string, data: unknown): Command {
  if (action === 'update_seating') {
    const s = seatingSchema.safeParse(data);
    if (!s.success) throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: GameErrorCode.INVALID_SEATING, title: ERROR_TITLE, message: 'Failed to rearrange seating' });
    return { type: 'update_seating', userId, newSeatingOrder: s.data.newSeatingOrder };
  }
  const parsed = gameActionSchema.safeParse({ action, data: data ?? undefined });
  if (!parsed.success) throw badInput(`Invalid ${action || 'action'}`);
  const a = parsed.data;
  switch (a.action) {
    case 'update_role_selection':
      return { type: 'update_role_selection', userId, roles: a.data.roles as never };
    case 'update_game_settings':
      return { type: 'update_game_settings', userId, discussionTime: a.data.discussionTime };
    case 'add_bot':
      return { type: 'add_bot', userId, botUserId: `bot-${randomUUID()}` };
    case 'remove_bot':
      return { type: 'remove_bot', userId, botUserId: a.data.botUserId };
    case 'submit_action':
      return { type: 'submit_action', userId, action: a.data };
    case 'submit_vote':
      return { type: 'submit_vote', userId, targetUserId: a.data.targetUserId };
    case 'kick_player':
      return { type: 'kick_player', userId, targetUserId: a.data.targetUserId };
    case 'start_game':
    case 'ready_next_phase':
    case 'play_again':
    case 'force_discussion_end':
    case 'leave_game':
      return { type: a.action, userId };
    default:
      throw badInput(`Unsupported action ${a.action}`);
  }
}

/**
 * The text of a `send_message` action.
 * @throws INVALID_ARGUMENT 'Malformed message'
 */
export function chatContentOf(data: unknown): string {
  const parsed = gameActionSchema.safeParse({ action: 'send_message', data });
  if (!parsed.success || parsed.data.action !== 'send_message') throw badInput('Malformed message');
  return parsed.data.data.content;
}
