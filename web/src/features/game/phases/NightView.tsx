import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { usePending } from '../../../hooks/usePending';
import { useRoleDisplay, useRuleText } from '../../../components/RolesContext';
import { tx } from '../../../i18n/react';
import { t } from '../../../i18n/t';
import { ActionSubmittedView } from '../night/ActionSubmittedView';
import { CopierDiscovery } from '../night/CopierDiscovery';
import { hasNightInfo, NightInfoScreen } from '../night/NightInfoScreen';
import { NoActionScreen } from '../night/NoActionScreen';
import { NightPicker, pickerKind } from '../pickers/pickerFor';
import { PhaseTitle } from '../PhaseTitle';
import type { PhaseProps } from '../types';

/**
 * job_choice (the theme's night phase: 'Night Phase', 'Lunch Break Phase'...): an info screen when the role learns something (dismissed with Continue), then
 * the picker chosen from me.allowedActions, or a Continue that submits no_action; then 'Action Submitted'.
 * A Role Copier submits twice: after copy_role the view carries the discovery (me.immediateResult) and the
 * copied role's allowedActions, so the second picker comes from the same registry.
 */
export function NightView({ view, me, connected, send }: PhaseProps) {
  const [infoDismissed, setInfoDismissed] = useState<string | null>(null);
  const mine = view.players.find((p) => p.userId === me.userId);
  const role = me.originalRole;
  const kind = pickerKind(me.allowedActions);
  // Submitted: the server says so, or the only action there was is in and nothing more is allowed.
  const submitted = !!mine?.hasSubmitted || (me.allowedActions.length === 0 && (me.action !== null || me.copyAction !== null));
  const step = `${me.action?.type ?? 'first'}`;
  const guard = usePending(`${submitted}:${step}:${me.allowedActions.join(',')}`);
  const live = connected && !guard.pending;
  const submit = (action: ActionPayload) => guard.run(() => send({ action: 'submit_action', data: action }));
  const noAction = () => submit(me.allowedActions.includes('no_action') || !me.allowedActions.includes('pass') ? { type: 'no_action' } : { type: 'pass' });
  const copied = me.immediateResult;
  const display = useRoleDisplay(role);
  const text = useRuleText();

  let body;
  if (submitted) {
    body = <ActionSubmittedView view={view} me={me} />;
  } else if (infoDismissed !== step && hasNightInfo(me.nightInfo)) {
    body = <NightInfoScreen info={me.nightInfo} role={role} players={view.players} connected={live} onContinue={() => (kind.kind === 'none' ? noAction() : setInfoDismissed(step))} />;
  } else if (kind.kind === 'none') {
    body = <NoActionScreen role={role} allowed={me.allowedActions} connected={live} onContinue={noAction} />;
  } else {
    body = (
      <NightPicker
        key={step}
        kind={kind}
        players={view.players}
        meId={me.userId}
        allowed={me.allowedActions}
        nightInfo={me.nightInfo}
        validTargets={me.validTargets}
        connected={live}
        onSubmit={submit}
      />
    );
  }

  return (
    <section className="nf-stack" data-testid="phase-job_choice">
      <PhaseTitle title={text.phase('job_choice')} subtitle={role ? <span>{tx('nightview.you_are', { role: <RoleTag role={role} /> })}</span> : undefined} />
      {role && !submitted ? (
        <div className="nf-night-role" data-testid="night-role">
          <RoleImage role={role} size={56} />
          <span className="nf-small nf-muted" style={{ whiteSpace: 'pre-line' }}>
            {copied ? t('nightview.copied_hint') : display.custom ? display.description : display.instructions}
          </span>
        </div>
      ) : null}
      {copied && !submitted ? <CopierDiscovery result={copied} /> : null}
      {body}
    </section>
  );
}

