import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { usePending } from '../../../hooks/usePending';
import { GENERIC_THEME } from '../../../theme/appTheme';
import { ActionSubmittedView } from '../night/ActionSubmittedView';
import { hasNightInfo, NightInfoScreen } from '../night/NightInfoScreen';
import { NoActionScreen } from '../night/NoActionScreen';
import { NightPicker, pickerKind } from '../pickers/pickerFor';
import { PhaseTitle } from '../PhaseTitle';
import type { PhaseProps } from '../types';

/**
 * job_choice ('Night Phase'): an info screen when the role learns something (dismissed with Continue), then
 * the picker chosen from me.allowedActions, or a Continue that submits no_action; then 'Action Submitted'.
 */
export function NightView({ view, me, connected, send }: PhaseProps) {
  const [infoDismissed, setInfoDismissed] = useState(false);
  const mine = view.players.find((p) => p.userId === me.userId);
  const submitted = !!mine?.hasSubmitted;
  const role = me.originalRole;
  const kind = pickerKind(me.allowedActions);
  const guard = usePending(`${submitted}:${me.action?.type ?? ''}:${me.allowedActions.join(',')}`);
  const live = connected && !guard.pending;
  const submit = (action: ActionPayload) => guard.run(() => send({ action: 'submit_action', data: action }));
  const noAction = () => submit(me.allowedActions.includes('no_action') || !me.allowedActions.includes('pass') ? { type: 'no_action' } : { type: 'pass' });

  let body;
  if (submitted) {
    body = <ActionSubmittedView view={view} me={me} />;
  } else if (!infoDismissed && hasNightInfo(me.nightInfo, role) && me.nightInfo) {
    body = (
      <NightInfoScreen
        info={me.nightInfo}
        role={role}
        connected={live}
        onContinue={() => (kind.kind === 'none' ? noAction() : setInfoDismissed(true))}
      />
    );
  } else if (kind.kind === 'none') {
    body = <NoActionScreen role={role} connected={live} onContinue={noAction} />;
  } else {
    body = (
      <NightPicker
        key={me.action?.type ?? 'first'}
        kind={kind}
        players={view.players}
        meId={me.userId}
        allowed={me.allowedActions}
        connected={live}
        onSubmit={submit}
      />
    );
  }

  return (
    <section className="nf-stack" data-testid="phase-job_choice">
      <PhaseTitle title={GENERIC_THEME.nightPhase} subtitle={role ? <span>You are the <RoleTag role={role} /></span> : undefined} />
      {me.immediateResult?.message && !submitted ? (
        <div className="nf-row" data-testid="immediate-result">{me.immediateResult.message}</div>
      ) : null}
      {body}
    </section>
  );
}
