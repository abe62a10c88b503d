import type { ActionPayload, ActionType, PublicPlayer } from '@nightfall/game-rules';

/** Props every picker receives; each picker produces one action and calls `onSubmit`. */
export interface PickerProps {
  /** All players of the game in seat order. */
  players: PublicPlayer[];
  meId: string;
  /** me.allowedActions. */
  allowed: ActionType[];
  connected: boolean;
  onSubmit: (action: ActionPayload) => void;
}
