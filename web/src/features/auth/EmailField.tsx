import { Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { EMAIL_MAX } from './authMethod';

/** Required e-mail field of the sign-in and sign-up forms. */
export function EmailField({ testId }: { testId: string }) {
  return (
    <Form.Item
      label="Email"
      name="email"
      rules={[
        { required: true, whitespace: true, message: 'Please enter your email' },
        { type: 'email', message: 'Please enter a valid email' },
      ]}
    >
      <Input size="large" prefix={<MailOutlined />} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} data-testid={testId} />
    </Form.Item>
  );
}
