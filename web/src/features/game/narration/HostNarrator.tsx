import { useEffect, useMemo, useRef, useState } from 'react';
import { AudioMutedOutlined, SoundOutlined } from '@ant-design/icons';
import type { CustomRoleDef, Phase, RoleId } from '@nightfall/game-rules';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { useOnOffSetting } from '../../../hooks/useOnOffSetting';
import { NARRATION } from './setting';
import { Narrator, browserSpeaker } from './narrator';
import { narrationScript, type NarrationLine } from './script';

/** The 'Narrate the night' setting: [on, set] (see {@link useOnOffSetting}). */
export function useNarrationSetting(): [boolean, (on: boolean) => void] {
  return useOnOffSetting(NARRATION);
}

/**
 * The narrator of the host's device (issue 13 item 4; docs/architecture.md "Table experience"): when the phase
 * changes (not for the first phase the page shows: a reload does not start the night again) it says the
 * phase's script ({@link narrationScript}: public words only) through `speechSynthesis`, unless `voice` is off,
 * and shows each line as a caption in a polite live region. Rendered for the host only, inside the game's
 * RolesProvider (the theme's role names).
 */
export function HostNarrator({ phase, selection, customRoles, voice }: { phase: Phase; selection: readonly RoleId[]; customRoles: readonly CustomRoleDef[]; voice: boolean }) {
  const text = useRuleText();
  const [caption, setCaption] = useState<{ line: NarrationLine; index: number } | null>(null);
  const narrator = useMemo(
    () => new Narrator({ speaker: browserSpeaker(undefined, document.documentElement.lang || 'en'), onCaption: (line, index) => setCaption(line ? { line, index } : null) }),
    [],
  );
  // the latest words, read when the phase changes (a theme arriving later does not restart the script)
  const source = useRef({ selection, customRoles, text });
  source.current = { selection, customRoles, text };
  const previous = useRef<Phase | null>(null);

  useEffect(() => () => narrator.stop(), [narrator]);
  useEffect(() => narrator.setMuted(!voice), [narrator, voice]);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase;
    if (before === null || before === phase) return;
    const s = source.current;
    narrator.play(narrationScript(phase, { selection: s.selection, customRoles: s.customRoles, theme: s.text.theme, roleName: s.text.role }));
  }, [phase, narrator]);

  // The live region is always there (a region that appears with its text is not read out); the bar shows with a line.
  return (
    <div role="status" aria-live="polite" aria-label={t('narration.caption.label')} data-testid="narration-caption" data-key={caption?.line.key ?? ''} data-index={caption?.index ?? -1}>
      {caption ? (
        <div className="nf-narration" data-voice={voice}>
          {voice ? <SoundOutlined aria-hidden className="nf-narration-icon" /> : <AudioMutedOutlined aria-hidden className="nf-narration-icon" />}
          <span data-testid="narration-text">{caption.line.text}</span>
        </div>
      ) : null}
    </div>
  );
}
