import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/**
 * The server draws the artifact (docs/rules.md "Night resolution" step 11) and ignores the client's artifactId; the
 * client still sends one because spec 000 section 5 makes it part of a valid assign_artifact.
 */
export const RANDOM_ARTIFACT = 'random';

/** Item Giver: give a random artifact to one of the server's valid targets (the giver included), or pass. */
export function ArtifactPicker(props: PickerProps) {
  const [target, setTarget] = useState<string | null>(null);
  const action: ActionPayload | null = target ? { type: 'assign_artifact', targetUserId: target, artifactId: RANDOM_ARTIFACT } : null;
  return (
    <PickerFrame
      testId="picker-assign_artifact"
      prompt={t('picker.artifact')}
      note={t('picker.artifact.note')}
      action={action}
      picker={props}
    >
      <div className="nf-grid">
        {targetsFor('assign_artifact', props).map((p) => (
          <PlayerOption key={p.userId} player={p} you={p.userId === props.meId} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
        ))}
      </div>
    </PickerFrame>
  );
}
