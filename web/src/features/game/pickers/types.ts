import type { ActionPayload, ActionType, NightInfo, PublicPlayer } from '@nightfall/game-rules';

/** Props every picker receives; each picker produces one action and calls `onSubmit`. */
export interface PickerProps {
  /** All players of the game in seat order. */
  players: PublicPlayer[];
  meId: string;
  /** me.allowedActions. */
  allowed: ActionType[];
  /** me.nightInfo (the Converter's team, a lone Bad Guy...). */
  nightInfo: NightInfo | null;
  /** me.validTargets: the server's valid player targets per action type, when it sends them. */
  validTargets?: Partial<Record<ActionType, string[]>>;
  connected: boolean;
  onSubmit: (action: ActionPayload) => void;
}
