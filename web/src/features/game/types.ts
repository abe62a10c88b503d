import type { GameView } from '@nightfall/game-rules';
import type { ChatMessage } from '@nightfall/protocol';
import type { GameAction } from '../../lib/realtime';

/** The viewer's own part of a view (never null inside a phase view). */
export type GameMe = NonNullable<GameView['me']>;

/** Props shared by every phase view. */
export interface PhaseProps {
  view: GameView;
  me: GameMe;
  messages: ChatMessage[];
  /** False while reconnecting or lost: every action button is disabled. */
  connected: boolean;
  send: (action: GameAction) => boolean;
}
