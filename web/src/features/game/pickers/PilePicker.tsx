import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { PickerFrame, PileOption } from './options';
import type { PickerProps } from './types';

/** Only the bad-guy pile can be looked at (or pass). */
export function PilePicker(props: PickerProps) {
  const text = useRuleText();
  return (
    <PickerFrame testId="picker-view_werewolf_pile" prompt={t('picker.pile', { pile: text.pileInSentence() })} action={{ type: 'view_werewolf_pile' }} picker={props}>
      <div className="nf-grid-3">
        <PileOption selected onClick={() => undefined} />
      </div>
    </PickerFrame>
  );
}
