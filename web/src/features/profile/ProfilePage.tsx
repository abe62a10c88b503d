import { useEffect } from 'react';
import { Button, Card, Form, Input, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ErrorScreen } from '../../components/StatusScreen';
import { useAuthActions, useMe } from '../../hooks/useMe';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { serverMessage } from '../../lib/api';
import { DISPLAY_NAME_MAX } from '@nightfall/game-rules';
import { displayNameError } from './displayName';
import { LanguageSelect } from '../../components/LanguageSelect';
import '../account/account.css';

interface ProfileValues {
  displayName: string;
}

/**
 * /profile (spec 001 section 2): the e-mail read-only ('Your email cannot be changed') and the required
 * display name. Save -> PUT /api/profile, 'Display name updated successfully' and home; failure 'Failed to
 * update display name'. Cancel goes home; visitors who are not signed in are sent to /auth. Below, the language
 * of the app (docs/architecture.md "Locales").
 */
export default function ProfilePage() {
  const { me, signedIn, isLoading, error } = useMe();
  const { updateProfile } = useAuthActions();
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<ProfileValues>();

  useEffect(() => {
    // Only a missing session sends the visitor to sign in; an unavailable service (503) does not.
    if (!isLoading && !signedIn && !error) navigate('/auth', { replace: true });
  }, [isLoading, signedIn, error, navigate]);

  if (error) return <ErrorScreen error={error} />;

  if (isLoading || !signedIn || !me) {
    return (
      <div className="nf-status">
        <Spin size="large" />
      </div>
    );
  }

  const onFinish = (values: ProfileValues) => {
    updateProfile.mutate(values.displayName.trim(), {
      onSuccess: () => {
        toast.success(t('profile.saved.title'), t('profile.saved'));
        navigate('/');
      },
      onError: (err) => toast.error(t('profile.failed.title'), serverMessage(err, t('profile.failed'))),
    });
  };

  return (
    <main className="nf-page" data-testid="profile-page">
      <div>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
          {t('profile.home')}
        </Button>
      </div>
      <div className="nf-form-page nf-stack">
        <Typography.Title level={1} className="nf-page-title">
          {t('profile.title')}
        </Typography.Title>
        <Card>
          <Form<ProfileValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ displayName: me.displayName ?? '' }}
            onFinish={onFinish}
            data-testid="profile-form"
          >
            <Form.Item label={t('profile.email')} extra={t('profile.email.hint')}>
              <Input size="large" prefix={<MailOutlined />} value={me.email ?? ''} disabled readOnly aria-label={t('profile.email')} data-testid="profile-email" />
            </Form.Item>
            <Form.Item
              label={t('profile.display_name')}
              name="displayName"
              extra={t('profile.display_name.hint')}
              rules={[
                {
                  validator: (_rule, value: string | undefined) => {
                    const error = displayNameError(value);
                    return error ? Promise.reject(new Error(error)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                size="large"
                prefix={<UserOutlined />}
                autoComplete="nickname"
                placeholder={t('profile.display_name.placeholder')}
                count={{ show: true, max: DISPLAY_NAME_MAX }}
                data-testid="profile-display-name"
              />
            </Form.Item>
            <div className="nf-actions" style={{ marginTop: 20 }}>
              <Button type="primary" htmlType="submit" size="large" block loading={updateProfile.isPending} data-testid="profile-save">
                {t('profile.save')}
              </Button>
              <Button size="large" block onClick={() => navigate('/')} disabled={updateProfile.isPending} data-testid="profile-cancel">
                {t('profile.cancel')}
              </Button>
            </div>
          </Form>
        </Card>
        <Card data-testid="profile-language">
          <LanguageSelect showLabel />
        </Card>
      </div>
    </main>
  );
}
