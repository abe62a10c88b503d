/**
 * The one error type thrown by the rules engine (docs/rules.md "The command engine": a rejected command throws
 * and leaves the game as it was). Titles and messages use the spec's texts where spec 000 section 8 gives
 * them.
 */

/** Stable error codes (the `code` field). Callers may switch on these. */
export type RulesErrorCode =
  | 'NOT_HOST'
  | 'NOT_A_PLAYER'
  | 'WRONG_PHASE'
  | 'GAME_IN_PROGRESS'
  | 'GAME_FULL'
  | 'INVALID_DISPLAY_NAME'
  | 'UNKNOWN_ROLE'
  | 'ROLE_NOT_AVAILABLE'
  | 'ROLE_CAP_EXCEEDED'
  | 'INVALID_SETTINGS'
  | 'BOT_LIMIT'
  | 'BOT_NOT_FOUND'
  | 'DUPLICATE_USER'
  | 'INVALID_SEATING'
  | 'WRONG_ROLE_COUNT'
  | 'INVALID_ACTION'
  | 'INVALID_TARGET'
  | 'SELF_TARGET'
  | 'INVALID_CENTER_INDEX'
  | 'ALREADY_SUBMITTED'
  | 'SELF_VOTE'
  | 'INVALID_VOTE'
  | 'TOO_EARLY'
  | 'NO_DEADLINE'
  | 'INVALID_MESSAGE'
  | 'MUTED'
  | 'INVALID_CONTEXT'
  | 'INVALID_COMMAND'
  | 'INVALID_CUSTOM_ROLE'
  | 'ADMIN_ROLE_FAILED'
  | 'INVALID_THEME'
  | 'KICKED'
  | 'PLAYER_NOT_FOUND';

/**
 * Error thrown by every engine function on invalid input. When it is thrown, nothing changed (the engine
 * is pure). `code` is stable; `title` and `message` are player-facing texts.
 */
export class RulesError extends Error {
  readonly code: RulesErrorCode;
  readonly title: string;
  override readonly message: string;

  /**
   * @param code stable machine-readable code (see {@link RulesErrorCode})
   * @param message player-facing message
   * @param title toast title; 'Error' unless the spec names another one
   */
  constructor(code: RulesErrorCode, message: string, title = 'Error') {
    super(message);
    this.name = 'RulesError';
    this.code = code;
    this.title = title;
    this.message = message;
  }

  /** Plain JSON `{ code, title, message }` for transport: structurally the protocol's ErrorBody. */
  toJSON(): { code: RulesErrorCode; title: string; message: string } {
    return { code: this.code, title: this.title, message: this.message };
  }
}

/** True when `e` is a {@link RulesError} (also across module copies, by shape). */
export function isRulesError(e: unknown): e is RulesError {
  return (
    e instanceof RulesError ||
    (typeof e === 'object' &&
      e !== null &&
      (e as { name?: unknown }).name === 'RulesError' &&
      typeof (e as { code?: unknown }).code === 'string')
  );
}
