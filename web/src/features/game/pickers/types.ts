import type { ActionPayload, NightInfo, PublicPlayer } from '@nightfall/game-rules';
import type { ActionFacts } from '../../../lib/actions';

/**
 * Props every picker receives; each picker produces one action and calls `onSubmit`. What may be chosen
 * (`allowed`, `validTargets`) is the server's (GameView.me); the picker only lays it out.
 */
export interface PickerProps extends ActionFacts {
  /** All players of the game in seat order. */
  players: PublicPlayer[];
  meId: string;
  /** me.nightInfo (the Converter's team, a lone Bad Guy...). */
  nightInfo: NightInfo | null;
  connected: boolean;
  onSubmit: (action: ActionPayload) => void;
}
