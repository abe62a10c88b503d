import { Button, Card, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GENERIC_THEME } from '../../theme/appTheme';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/** /auth: Sign In and Sign Up tabs (password method) and 'Continue as Guest'. */
export default function AuthPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'signup' ? 'signup' : 'signin';

  return (
    <main className="nf-page" data-testid="auth-page">
      <div>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
          Home
        </Button>
      </div>
      <header className="nf-center" style={{ flexDirection: 'column' }}>
        <h1 className="nf-hero-title" style={{ fontSize: 40 }}>
          {GENERIC_THEME.homeTitle}
        </h1>
        <Typography.Text type="secondary">Sign in to host games, or play as a guest.</Typography.Text>
      </header>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'signup' ? { tab: 'signup' } : {}, { replace: true })}
          centered
          items={[
            { key: 'signin', label: <span data-testid="tab-signin">Sign In</span>, children: <SignInForm /> },
            { key: 'signup', label: <span data-testid="tab-signup">Sign Up</span>, children: <SignUpForm /> },
          ]}
        />
      </Card>
      <Button size="large" block type="text" onClick={() => navigate('/')} data-testid="continue-as-guest">
        Continue as Guest
      </Button>
    </main>
  );
}
