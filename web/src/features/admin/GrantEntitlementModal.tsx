import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantEntitlementBody } from '@nightfall/protocol';
import { ME_KEY } from '../../hooks/useMe';
import { ADMIN_KEYS, adminApi, failureText } from './adminApi';
import { useAdminToast } from './hooks';
import { buttonTestId } from './testIds';
import { t } from '../../i18n/admin';

interface GrantValues {
  email: string;
  type: 'host';
  tier: GrantEntitlementBody['tier'];
}

/**
 * Grant Host Entitlement dialog (spec 001 section 2 "Entitlements page"): an e-mail (required), the type
 * (host only) and the tier (Permanent or 48-Hour). POST /api/admin/grant-entitlement; 'Host entitlement
 * granted successfully' or 'Failed to grant entitlement' with the server's message.
 */
export function GrantEntitlementModal({
  open,
  email,
  toastSeconds,
  onClose,
}: {
  open: boolean;
  /** Pre-filled e-mail (the row the dialog was opened from). */
  email?: string;
  /** How long the success toast stays (users page: 2 s). */
  toastSeconds?: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<GrantValues>();
  const client = useQueryClient();
  const toast = useAdminToast();
  const grant = useMutation({
    mutationFn: (body: GrantEntitlementBody) => adminApi.grant(body),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ADMIN_KEYS.all }), client.invalidateQueries({ queryKey: ME_KEY })]);
    },
  });

  useEffect(() => {
    if (open) form.setFieldsValue({ email: email ?? '', type: 'host', tier: 'permanent' });
  }, [open, email, form]);

  const submit = (values: GrantValues) => {
    const body: GrantEntitlementBody = { email: values.email.trim(), type: 'host', tier: values.tier };
    grant.mutate(body, {
      onSuccess: () => {
        toast.success(t('admin.grant.granted'), t('admin.grant.granted.details', { email: body.email, tier: body.tier === 'permanent' ? t('admin.tier.permanent') : t('admin.tier.pass_48h') }), toastSeconds);
        onClose();
      },
      onError: (err) => toast.error(t('admin.grant.failed'), failureText(err)),
    });
  };

  return (
    <Modal
      open={open}
      title={t('admin.grant.title')}
      okText={t('admin.grant.submit')}
      onOk={() => form.submit()}
      onCancel={() => !grant.isPending && onClose()}
      confirmLoading={grant.isPending}
      centered
      forceRender
      okButtonProps={buttonTestId('grant-submit')}
    >
      <Form<GrantValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={grant.isPending}
        initialValues={{ email: email ?? '', type: 'host', tier: 'permanent' }}
        onFinish={submit}
        data-testid="grant-form"
      >
        <Form.Item
          label={t('admin.grant.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('admin.grant.email.required') },
            { type: 'email', message: t('admin.grant.email.invalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} type="email" autoComplete="off" placeholder={t('admin.grant.email.placeholder')} data-testid="grant-email" />
        </Form.Item>
        <Form.Item label={t('admin.grant.type')} name="type">
          <Select options={[{ value: 'host', label: t('admin.type.host') }]} data-testid="grant-type" />
        </Form.Item>
        <Form.Item label={t('admin.grant.tier')} name="tier">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'permanent', label: t('admin.tier.permanent') },
              { value: 'pass_48h', label: t('admin.tier.pass_48h') },
            ]}
            data-testid="grant-tier"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
