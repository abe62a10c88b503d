import { Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { t } from '../../i18n/t';
import { EMAIL_MAX } from './authMethod';

/** Required e-mail field of the sign-in and sign-up forms. */
export function EmailField({ testId }: { testId: string }) {
  return (
    <Form.Item
      label={t('auth.email')}
      name="email"
      rules={[
        { required: true, whitespace: true, message: t('auth.email.required') },
        { type: 'email', message: t('auth.email.invalid') },
      ]}
    >
      <Input size="large" prefix={<MailOutlined />} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} data-testid={testId} />
    </Form.Item>
  );
}
