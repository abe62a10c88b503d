import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ErrorBody } from '@nightfall/protocol';
import { useAuthActions } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { isUnavailable } from '../../lib/api';
import { useActiveTheme } from '../../theme/activeTheme';
import '../account/account.css';

type CallbackState = 'working' | 'missing' | 'invalid' | 'unavailable';

/**
 * /auth/callback?token=...: completes a magic-link login (POST /api/auth/callback), toasts 'Success' /
 * 'Logged in successfully' and goes home. Without a token: 'No authentication token provided'. A rejected
 * token: 'Invalid or expired authentication link' with a link back to sign in (toast 'Invalid Token'). An
 * unavailable service (503) is not an invalid link: its title and message are shown (the token is unused).
 */
export default function AuthCallbackPage() {
  const { theme } = useActiveTheme();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<CallbackState>(token ? 'working' : 'missing');
  const [failure, setFailure] = useState<ErrorBody | null>(null);
  const { callback } = useAuthActions();
  const toast = useToast();
  const navigate = useNavigate();
  // A token is single-use: send it once even when React runs the effect twice (StrictMode).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      setState('missing');
      return;
    }
    if (sentFor.current === token) return;
    sentFor.current = token;
    setState('working');
    callback.mutate(token, {
      onSuccess: () => {
        toast.success(t('auth.sign_in.success.title'), t('auth.sign_in.success'));
        navigate('/', { replace: true });
      },
      onError: (err) => {
        if (isUnavailable(err)) {
          setFailure(err.body);
          setState('unavailable');
          toast.error(err.title, err.message);
          return;
        }
        setState('invalid');
        toast.error(t('auth.callback.invalid_token.title'), t('auth.callback.invalid_token'));
      },
    });
    // Sends once per token (sentFor): the mutation, toast and navigate functions change identity between
    // renders, and a run for a token already sent returns at once.
  }, [token, callback, toast, navigate]);

  if (state === 'working') {
    return (
      <main className="nf-page" data-testid="auth-callback-page">
        <div className="nf-status" data-testid="auth-callback-working">
          <Spin size="large" />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('auth.callback.working')}
          </Typography.Title>
        </div>
      </main>
    );
  }

  return (
    <main className="nf-page" data-testid="auth-callback-page">
      <h1 className="nf-hero-title nf-page-title">{theme.text.homeTitle}</h1>
      <Result
        status="error"
        title={
          <span data-testid="auth-callback-error">
            {state === 'missing' ? t('auth.callback.missing') : state === 'unavailable' && failure ? failure.title : t('auth.callback.invalid')}
          </span>
        }
        subTitle={
          state === 'invalid'
            ? t('auth.callback.invalid.hint')
            : state === 'unavailable' && failure
              ? failure.message
              : undefined
        }
        extra={
          <Link to="/auth?method=magic" data-testid="auth-callback-signin">
            <Button type="primary" size="large">
              {t('auth.callback.back')}
            </Button>
          </Link>
        }
      />
    </main>
  );
}
