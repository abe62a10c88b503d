import { PickerFrame, PileOption } from './options';
import type { PickerProps } from './types';

/** Only the bad-guy pile can be looked at (or pass). */
export function PilePicker(props: PickerProps) {
  return (
    <PickerFrame testId="picker-view_werewolf_pile" prompt="Look at the card in the bad-guy pile." action={{ type: 'view_werewolf_pile' }} picker={props}>
      <div className="nf-grid-3">
        <PileOption selected onClick={() => undefined} />
      </div>
    </PickerFrame>
  );
}
