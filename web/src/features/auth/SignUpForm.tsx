import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@nightfall/protocol';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { ApiRequestError, serverMessage } from '../../lib/api';
import { PASSWORD_MIN, type AuthMethod } from './authMethod';
import { EmailField } from './EmailField';
import { MagicLinkSent } from './MagicLinkSent';

interface SignUpValues {
  email: string;
  displayName?: string;
  password?: string;
  confirm?: string;
}

/**
 * Sign Up tab. Password: at least 6 characters equal to the confirmation ('Passwords don't match' disables
 * submit); 'Success' / 'Account created successfully' then home. Magic link: 'Magic Link Sent' / 'Check
 * your email to complete signup'. 409 -> 'Email Already Registered'; other failures 'Signup Failed'.
 */
export function SignUpForm({ method }: { method: AuthMethod }) {
  const [form] = Form.useForm<SignUpValues>();
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirm', form) ?? '';
  const mismatch = method === 'password' && confirm.length > 0 && password !== confirm;
  const { signup } = useAuthActions();
  const toast = useToast();
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const onFinish = (values: SignUpValues) => {
    const email = values.email.trim();
    const displayName = values.displayName?.trim();
    const body = { email, ...(method === 'password' ? { password: values.password ?? '' } : {}), ...(displayName ? { displayName } : {}) };
    signup.mutate(body, {
      onSuccess: (out) => {
        if (out.magicLink) {
          toast.success(t('auth.magic.sent'), out.message);
          setSent({ email, message: out.message });
          return;
        }
        toast.success(t('auth.sign_up.success.title'), t('auth.sign_up.success'));
        navigate('/');
      },
      onError: (err) => {
        if (err instanceof ApiRequestError && err.status === 409) {
          toast.error(t('auth.sign_up.taken.title'), t('auth.sign_up.taken'));
        } else {
          toast.error(t('auth.sign_up.failed.title'), serverMessage(err, t('auth.sign_up.failed')));
        }
      },
    });
  };

  if (sent && method === 'magic') return <MagicLinkSent email={sent.email} message={sent.message} onReset={() => setSent(null)} />;

  const passwordIncomplete = method === 'password' && (password.length < PASSWORD_MIN || confirm.length === 0);

  return (
    <Form<SignUpValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} data-testid="signup-form" data-method={method}>
      <EmailField testId="signup-email" />
      <Form.Item
        label={t('auth.sign_up.display_name')}
        name="displayName"
        rules={[{ max: LIMITS.displayNameMaxLength, message: t('auth.sign_up.display_name.too_long', { max: LIMITS.displayNameMaxLength }) }]}
      >
        <Input size="large" prefix={<UserOutlined />} autoComplete="nickname" maxLength={LIMITS.displayNameMaxLength} data-testid="signup-display-name" />
      </Form.Item>
      {method === 'password' ? (
        <>
          <Form.Item
            label={t('auth.password')}
            name="password"
            rules={[
              { required: true, message: t('auth.sign_up.password.required') },
              { min: PASSWORD_MIN, message: t('auth.sign_up.password.too_short', { min: PASSWORD_MIN }) },
            ]}
          >
            <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" data-testid="signup-password" />
          </Form.Item>
          <Form.Item
            label={t('auth.sign_up.confirm')}
            name="confirm"
            dependencies={['password']}
            validateStatus={mismatch ? 'error' : undefined}
            help={mismatch ? t('auth.sign_up.mismatch') : undefined}
            rules={[{ required: true, message: t('auth.sign_up.confirm.required') }]}
          >
            <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" data-testid="signup-confirm" />
          </Form.Item>
        </>
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        icon={method === 'magic' ? <SendOutlined /> : undefined}
        loading={signup.isPending}
        disabled={mismatch || passwordIncomplete}
        data-testid="signup-submit"
      >
        {method === 'magic' ? t('auth.send_magic_link') : t('auth.sign_up.submit')}
      </Button>
    </Form>
  );
}
