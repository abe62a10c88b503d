/**
 * Chat validation (spec 000 section 5: "the trimmed message must be non-empty and at most 200
 * characters"; docs/rules.md "Artifacts": the Mask of Muting). Storage of messages is the game-engine service's job.
 */
import { artifactOf } from './artifacts.js';
import { CHAT_MAX } from './constants.js';
import { RulesError } from './errors.js';
import type { GameState } from './types.js';
import { requirePlayer } from './util.js';

/**
 * Checks the text of a chat message, without a game (what a client can check before sending): trimmed,
 * non-empty, at most {@link CHAT_MAX} characters (spec 000 section 5).
 * @returns the trimmed text
 * @throws RulesError INVALID_MESSAGE 'Message cannot be empty' / 'Message must be 200 characters or less'
 */
export function checkChatText(content: unknown): string {
  const trimmed = typeof content === 'string' ? content.trim() : '';
  if (trimmed.length === 0) throw new RulesError('INVALID_MESSAGE', 'Message cannot be empty');
  if (trimmed.length > CHAT_MAX) throw new RulesError('INVALID_MESSAGE', `Message must be ${CHAT_MAX} characters or less`);
  return trimmed;
}

/**
 * Validates a chat message and returns its trimmed content.
 * @param state the game
 * @param userId the sender (from the session)
 * @param content raw text
 * @returns the trimmed text (1-200 characters)
 * @throws RulesError NOT_A_PLAYER when the sender is not a player; MUTED ('Muted' / 'You hold the Mask of
 *   Muting and cannot chat.') during the discussion for the holder of the Mask of Muting (docs/rules.md "Artifacts");
 *   INVALID_MESSAGE 'Message cannot be empty' / 'Message must be 200 characters or less'
 */
export function validateChatMessage(state: GameState, userId: string, content: string): string {
  const player = requirePlayer(state, userId);
  if (state.phase === 'discussion' && artifactOf(player.artifactId)?.mutes) {
    throw new RulesError('MUTED', 'You hold the Mask of Muting and cannot chat.', 'Muted');
  }
  return checkChatText(content);
}
