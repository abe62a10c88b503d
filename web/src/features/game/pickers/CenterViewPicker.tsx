import { useState } from 'react';
import { CENTER_INDEXES, type ActionPayload } from '@nightfall/game-rules';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { CenterOption, PickerFrame, PileOption } from './options';
import type { PickerProps } from './types';

type Choice = number | 'pile' | null;

/**
 * One center card to look at: the lone Bad Guy's peek and the Single Role Looker, who may check the
 * bad-guy pile instead when a Bad Guy Converter was dealt (view_werewolf_pile allowed).
 */
export function CenterViewPicker(props: PickerProps) {
  const [choice, setChoice] = useState<Choice>(null);
  const canPile = props.allowed.includes('view_werewolf_pile');
  const action: ActionPayload | null =
    choice === null ? null : choice === 'pile' ? { type: 'view_werewolf_pile' } : { type: 'view_center_card', centerIndex: choice };
  const lone = props.nightInfo?.loneWolf === true;
  const text = useRuleText();
  return (
    <PickerFrame
      testId="picker-view_center_card"
      prompt={canPile ? t('picker.center_view.pile', { pile: text.pileInSentence() }) : t('picker.center_view')}
      note={lone ? t('picker.center_view.lone', { wolfMember: text.wolfMember() }) : undefined}
      action={action}
      picker={props}
    >
      <div className="nf-grid-3">
        {CENTER_INDEXES.map((i) => (
          <CenterOption key={i} index={i} selected={choice === i} onClick={() => setChoice(choice === i ? null : i)} />
        ))}
        {canPile ? <PileOption selected={choice === 'pile'} onClick={() => setChoice(choice === 'pile' ? null : 'pile')} /> : null}
      </div>
    </PickerFrame>
  );
}
