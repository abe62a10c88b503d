import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, SendOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { serverMessage } from '../../lib/api';
import type { AuthMethod } from './authMethod';
import { EmailField } from './EmailField';
import { MagicLinkSent } from './MagicLinkSent';

interface SignInValues {
  email: string;
  password?: string;
}

/**
 * Sign In tab. Password: 'Success' / 'Logged in successfully' then home. Magic link: 'Magic Link Sent' /
 * 'Check your email for the sign-in link'. Failures: 'Login Failed' with the server's message or 'Invalid
 * email or password'.
 */
export function SignInForm({ method }: { method: AuthMethod }) {
  const { login } = useAuthActions();
  const toast = useToast();
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const onFinish = (values: SignInValues) => {
    const email = values.email.trim();
    login.mutate(method === 'password' ? { email, password: values.password ?? '' } : { email }, {
      onSuccess: (out) => {
        if (out.magicLink) {
          toast.success(t('auth.magic.sent'), out.message);
          setSent({ email, message: out.message });
          return;
        }
        toast.success(t('auth.sign_in.success.title'), t('auth.sign_in.success'));
        navigate('/');
      },
      onError: (err) => toast.error(t('auth.sign_in.failed.title'), serverMessage(err, t('auth.sign_in.failed'))),
    });
  };

  if (sent && method === 'magic') return <MagicLinkSent email={sent.email} message={sent.message} onReset={() => setSent(null)} />;

  return (
    <Form<SignInValues> layout="vertical" requiredMark={false} onFinish={onFinish} data-testid="signin-form" data-method={method}>
      <EmailField testId="signin-email" />
      {method === 'password' ? (
        <Form.Item label={t('auth.password')} name="password" rules={[{ required: true, message: t('auth.sign_in.password.required') }]}>
          <Input.Password size="large" prefix={<LockOutlined />} autoComplete="current-password" data-testid="signin-password" />
        </Form.Item>
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        icon={method === 'magic' ? <SendOutlined /> : undefined}
        loading={login.isPending}
        data-testid="signin-submit"
      >
        {method === 'magic' ? t('auth.send_magic_link') : t('auth.sign_in.submit')}
      </Button>
    </Form>
  );
}
