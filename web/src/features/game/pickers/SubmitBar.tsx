import { Button } from 'antd';
import type { ActionPayload } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { isActionAllowed } from '../../../lib/actions';
import type { PickerProps } from './types';

/**
 * 'Submit Action' (enabled only for a complete action the server allows, while connected) and 'Pass' when
 * the server allows it.
 */
export function SubmitBar({ action, picker }: { action: ActionPayload | null; picker: PickerProps }) {
  const { connected, onSubmit } = picker;
  const valid = isActionAllowed(action, picker);
  return (
    <div className="nf-actions nf-sticky-actions">
      <Button type="primary" size="large" block disabled={!valid || !connected} onClick={() => action && onSubmit(action)} data-testid="submit-action">
        {t('picker.submit')}
      </Button>
      {picker.allowed.includes('pass') ? (
        <Button size="large" block disabled={!connected} onClick={() => onSubmit({ type: 'pass' })} data-testid="pass-action">
          {t('picker.pass')}
        </Button>
      ) : null}
    </div>
  );
}
