import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { serverMessage } from '../../lib/api';

interface SignInValues {
  email: string;
  password: string;
}

/** Password sign-in: 'Success' / 'Logged in successfully' then home; 'Login Failed' on error. */
export function SignInForm() {
  const { login } = useAuthActions();
  const toast = useToast();
  const navigate = useNavigate();

  const onFinish = (values: SignInValues) => {
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast.success('Success', 'Logged in successfully');
          navigate('/');
        },
        onError: (err) => toast.error('Login Failed', serverMessage(err, 'Invalid email or password')),
      },
    );
  };

  return (
    <Form<SignInValues> layout="vertical" requiredMark={false} onFinish={onFinish} data-testid="signin-form">
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email' },
          { type: 'email', message: 'Please enter a valid email' },
        ]}
      >
        <Input size="large" prefix={<MailOutlined />} type="email" autoComplete="email" inputMode="email" maxLength={255} data-testid="signin-email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
        <Input.Password size="large" prefix={<LockOutlined />} autoComplete="current-password" data-testid="signin-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending} data-testid="signin-submit">
        Sign In
      </Button>
    </Form>
  );
}
