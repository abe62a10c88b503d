import { Button } from 'antd';
import type { ActionPayload } from '@nightfall/game-rules';
import { isActionValid } from '../../../lib/actions';

/** 'Submit Action' (enabled only for a valid action while connected) and an optional 'Pass'. */
export function SubmitBar({
  action,
  connected,
  canPass,
  onSubmit,
}: {
  action: ActionPayload | null;
  connected: boolean;
  canPass: boolean;
  onSubmit: (action: ActionPayload) => void;
}) {
  const valid = isActionValid(action);
  return (
    <div className="nf-actions nf-sticky-actions">
      <Button type="primary" size="large" block disabled={!valid || !connected} onClick={() => action && onSubmit(action)} data-testid="submit-action">
        Submit Action
      </Button>
      {canPass ? (
        <Button size="large" block disabled={!connected} onClick={() => onSubmit({ type: 'pass' })} data-testid="pass-action">
          Pass
        </Button>
      ) : null}
    </div>
  );
}
