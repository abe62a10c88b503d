import { Button, Card, Segmented, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { t } from '../../i18n/t';
import { useActiveTheme } from '../../theme/activeTheme';
import type { AuthMethod } from './authMethod';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import '../account/account.css';

/**
 * /auth: Sign In and Sign Up tabs, a Magic Link / Password method toggle shared by both tabs, and 'Continue
 * as Guest' (-> /). The tab (`?tab=signup`) and method (`?method=magic`) live in the URL.
 */
export default function AuthPage() {
  const { theme } = useActiveTheme();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const method: AuthMethod = params.get('method') === 'magic' ? 'magic' : 'password';

  const update = (next: { tab?: string; method?: AuthMethod }) => {
    const nextTab = next.tab ?? tab;
    const m = next.method ?? method;
    const query: Record<string, string> = {};
    if (nextTab === 'signup') query.tab = 'signup';
    if (m === 'magic') query.method = 'magic';
    setParams(query, { replace: true });
  };

  return (
    <main className="nf-page" data-testid="auth-page">
      <div>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
          {t('auth.home')}
        </Button>
      </div>
      <header className="nf-center" style={{ flexDirection: 'column' }}>
        <h1 className="nf-hero-title" style={{ fontSize: 40 }}>
          {theme.text.homeTitle}
        </h1>
        <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
      </header>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key })}
          centered
          items={[
            { key: 'signin', label: <span data-testid="tab-signin">{t('auth.tab.sign_in')}</span> },
            { key: 'signup', label: <span data-testid="tab-signup">{t('auth.tab.sign_up')}</span> },
          ]}
        />
        <Segmented<AuthMethod>
          block
          value={method}
          onChange={(value) => update({ method: value })}
          options={[
            { value: 'magic', label: <span data-testid="method-magic">{t('auth.method.magic')}</span>, icon: <MailOutlined /> },
            { value: 'password', label: <span data-testid="method-password">{t('auth.method.password')}</span>, icon: <LockOutlined /> },
          ]}
          style={{ marginBottom: 16 }}
          className="nf-auth-method"
          data-testid="auth-method"
        />
        {tab === 'signup' ? <SignUpForm method={method} /> : <SignInForm method={method} />}
      </Card>
      <Button size="large" block type="text" onClick={() => navigate('/')} data-testid="continue-as-guest">
        {t('auth.continue_as_guest')}
      </Button>
    </main>
  );
}
