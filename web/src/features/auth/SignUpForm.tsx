import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '../../lib/limits';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { ApiRequestError, serverMessage } from '../../lib/api';

interface SignUpValues {
  email: string;
  displayName?: string;
  password: string;
  confirm: string;
}

const PASSWORD_MIN = 6;

/**
 * Password sign-up: password of at least 6 characters equal to its confirmation ('Passwords don't match'
 * disables submit). 409 -> 'Email Already Registered'; other failures 'Signup Failed'.
 */
export function SignUpForm() {
  const [form] = Form.useForm<SignUpValues>();
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirm', form) ?? '';
  const mismatch = confirm.length > 0 && password !== confirm;
  const { signup } = useAuthActions();
  const toast = useToast();
  const navigate = useNavigate();

  const onFinish = (values: SignUpValues) => {
    const displayName = values.displayName?.trim();
    signup.mutate(
      { email: values.email.trim(), password: values.password, ...(displayName ? { displayName } : {}) },
      {
        onSuccess: () => {
          toast.success('Success', 'Account created successfully');
          navigate('/');
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.status === 409) {
            toast.error('Email Already Registered', 'This email is already associated with an account');
          } else {
            toast.error('Signup Failed', serverMessage(err, 'Failed to create account'));
          }
        },
      },
    );
  };

  return (
    <Form<SignUpValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} data-testid="signup-form">
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email' },
          { type: 'email', message: 'Please enter a valid email' },
        ]}
      >
        <Input size="large" prefix={<MailOutlined />} type="email" autoComplete="email" inputMode="email" maxLength={255} data-testid="signup-email" />
      </Form.Item>
      <Form.Item label="Display Name (optional)" name="displayName" rules={[{ max: LIMITS.displayNameMaxLength, message: 'Display name must be 50 characters or less' }]}>
        <Input size="large" prefix={<UserOutlined />} autoComplete="nickname" maxLength={LIMITS.displayNameMaxLength} data-testid="signup-display-name" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[
          { required: true, message: 'Please enter a password' },
          { min: PASSWORD_MIN, message: 'Password must be at least 6 characters' },
        ]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" data-testid="signup-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm"
        dependencies={['password']}
        validateStatus={mismatch ? 'error' : undefined}
        help={mismatch ? "Passwords don't match" : undefined}
        rules={[{ required: true, message: 'Please confirm your password' }]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" data-testid="signup-confirm" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={signup.isPending}
        disabled={mismatch || password.length < PASSWORD_MIN || confirm.length === 0}
        data-testid="signup-submit"
      >
        Sign Up
      </Button>
    </Form>
  );
}
