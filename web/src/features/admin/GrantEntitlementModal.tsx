import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantEntitlementBody } from '@nightfall/protocol';
import { ME_KEY } from '../../hooks/useMe';
import { ADMIN_KEYS, adminApi, failureText } from './adminApi';
import { useAdminToast } from './hooks';
import { buttonTestId } from './testIds';
import { ADMIN_TEXT, ADMIN_TOAST } from './texts';

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
        toast.success(ADMIN_TOAST.granted, `${body.email} (${body.tier === 'permanent' ? ADMIN_TEXT.tierPermanent : ADMIN_TEXT.tier48h})`, toastSeconds);
        onClose();
      },
      onError: (err) => toast.error(ADMIN_TOAST.grantFailed, failureText(err)),
    });
  };

  return (
    <Modal
      open={open}
      title={ADMIN_TEXT.grantTitle}
      okText={ADMIN_TEXT.grantSubmit}
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
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: ADMIN_TEXT.emailRequired },
            { type: 'email', message: ADMIN_TEXT.emailInvalid },
          ]}
        >
          <Input prefix={<MailOutlined />} type="email" autoComplete="off" placeholder="user@example.com" data-testid="grant-email" />
        </Form.Item>
        <Form.Item label="Type" name="type">
          <Select options={[{ value: 'host', label: 'Host' }]} data-testid="grant-type" />
        </Form.Item>
        <Form.Item label="Tier" name="tier">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'permanent', label: ADMIN_TEXT.tierPermanent },
              { value: 'pass_48h', label: ADMIN_TEXT.tier48h },
            ]}
            data-testid="grant-tier"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
