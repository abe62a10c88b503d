import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { t } from '../../i18n/t';

/** Shown in place of a form once a magic link was e-mailed: where it went and a way to try again. */
export function MagicLinkSent({ email, message, onReset }: { email: string; message: string; onReset: () => void }) {
  return (
    <Result
      icon={<MailOutlined />}
      status="info"
      title={t('auth.magic.sent')}
      subTitle={
        <span data-testid="magic-link-sent-text">
          {message}
          <br />
          <strong>{email}</strong>
        </span>
      }
      extra={
        <Button onClick={onReset} data-testid="magic-link-reset">
          {t('auth.magic.reset')}
        </Button>
      }
      style={{ padding: '16px 0' }}
      data-testid="magic-link-sent"
    />
  );
}
