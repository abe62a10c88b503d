import { useRef, useState } from 'react';
import { App, AutoComplete, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CUSTOM_ROLE_THEMES, type CustomRoleBody, type CustomRoleDto, type CustomRoleThemeId } from '@nightfall/protocol';
import { ADMIN_KEYS, adminApi, failureText } from './adminApi';
import { CUSTOM_ROLE_LIMITS, THEME_NAMES, emptyRoleValues, roleBody, roleToValues, validateRole, type CustomRoleFormValues } from './customRoleForm';
import { KNOWN_TEAMS, teamColor, teamLabel } from './format';
import { useAdminToast, useQueryFailure } from './hooks';
import { buttonTestId } from './testIds';
import { t } from '../../i18n/admin';

/**
 * Custom Role Creator (spec 001 sections 2, 4 and 5, /admin/roles; super admin only): 'Back to Admin', the
 * 'Create New Role' / 'Edit Role' form and the 'Existing Custom Roles' list. A successful create resets the
 * form, a successful update leaves edit mode, the form is disabled while a call is pending.
 */
export function CustomRolesTab() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useAdminToast();
  const { modal } = App.useApp();
  const [form] = Form.useForm<CustomRoleFormValues>();
  const [editing, setEditing] = useState<CustomRoleDto | null>(null);
  const [themeTab, setThemeTab] = useState<CustomRoleThemeId>(CUSTOM_ROLE_THEMES[0]);
  const [missing, setMissing] = useState<CustomRoleThemeId[]>([]);
  const formRef = useRef<HTMLDivElement>(null);

  const roles = useQuery({ queryKey: ADMIN_KEYS.roles, queryFn: ({ signal }) => adminApi.roles(signal), staleTime: 0, refetchOnMount: 'always' });
  useQueryFailure(roles.error, roles.errorUpdatedAt, t('admin.roles.fetch_failed'));

  const invalidate = () => client.invalidateQueries({ queryKey: ADMIN_KEYS.all });
  const create = useMutation({ mutationFn: (body: CustomRoleBody) => adminApi.createRole(body), onSuccess: invalidate });
  const update = useMutation({ mutationFn: ({ id, body }: { id: string; body: CustomRoleBody }) => adminApi.updateRole(id, body), onSuccess: invalidate });
  const remove = useMutation({ mutationFn: (id: string) => adminApi.deleteRole(id), onSuccess: invalidate });
  const pending = create.isPending || update.isPending;

  const leaveEdit = () => {
    setEditing(null);
    setMissing([]);
    setThemeTab(CUSTOM_ROLE_THEMES[0]);
    form.resetFields();
  };

  const startEdit = (role: CustomRoleDto) => {
    setEditing(role);
    setMissing([]);
    setThemeTab(CUSTOM_ROLE_THEMES[0]);
    form.resetFields();
    form.setFieldsValue(roleToValues(role));
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const submit = () => {
    // The whole store: theme tabs never opened are part of it too.
    const values = form.getFieldsValue(true) as CustomRoleFormValues;
    const error = validateRole(values);
    form.setFields([{ name: 'baseName', errors: error?.field === 'baseName' ? [error.title] : [] }]);
    setMissing(error?.missingThemes ?? []);
    if (error) {
      if (error.missingThemes?.[0]) setThemeTab(error.missingThemes[0]);
      toast.error(error.title, error.description);
      return;
    }
    const body = roleBody(values);
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            toast.success(t('admin.roles.updated'), body.baseName);
            leaveEdit();
          },
          onError: (err) => toast.error(t('admin.roles.update_failed'), failureText(err)),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success(t('admin.roles.created'), body.baseName);
          leaveEdit();
        },
        onError: (err) => toast.error(t('admin.roles.create_failed'), failureText(err)),
      });
    }
  };

  const confirmDelete = (role: CustomRoleDto) => {
    modal.confirm({
      title: t('admin.roles.delete.confirm', { name: role.baseName }),
      okText: t('admin.roles.delete.ok'),
      okButtonProps: buttonTestId('confirm-delete-role', { danger: true }),
      centered: true,
      onOk: () =>
        remove.mutateAsync(role.id).then(
          () => {
            toast.success(t('admin.roles.deleted'), role.baseName);
            if (editing?.id === role.id) leaveEdit();
          },
          (err) => toast.error(t('admin.roles.delete_failed'), failureText(err)),
        ),
    });
  };

  const themeItems = CUSTOM_ROLE_THEMES.map((id) => ({
    key: id,
    forceRender: true,
    label: (
      <span className={missing.includes(id) ? 'nf-admin-tab-missing' : undefined} data-testid={`role-theme-tab-${id}`}>
        {THEME_NAMES[id]}
      </span>
    ),
    children: (
      <div className="nf-stack-sm">
        <Form.Item
          label={t('admin.roles.variant.title')}
          name={['themeVariants', id, 'title']}
          validateStatus={missing.includes(id) ? 'error' : undefined}
          help={missing.includes(id) ? t('admin.roles.variant.title.required', { theme: THEME_NAMES[id] }) : undefined}
        >
          <Input placeholder={t('admin.roles.variant.title.placeholder', { theme: THEME_NAMES[id] })} data-testid={`role-title-${id}`} />
        </Form.Item>
        <Form.Item label={t('admin.roles.variant.image')} name={['themeVariants', id, 'imageUrl']}>
          <Input type="url" placeholder={t('admin.roles.variant.image.placeholder')} data-testid={`role-image-${id}`} />
        </Form.Item>
      </div>
    ),
  }));

  const list = roles.data ?? [];

  return (
    <section className="nf-stack" data-testid="admin-roles" aria-label={t('admin.roles.title')}>
      <div className="nf-between nf-admin-section-head">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')} data-testid="back-to-admin">
          {t('admin.roles.back')}
        </Button>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('admin.roles.title')}
        </Typography.Title>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <div ref={formRef} style={{ scrollMarginTop: 12 }}>
            <Card
              title={<span data-testid="role-form-title">{editing ? t('admin.roles.edit') : t('admin.roles.create')}</span>}
              data-testid="role-form-card"
              data-mode={editing ? 'edit' : 'create'}
            >
              <Form<CustomRoleFormValues>
                form={form}
                layout="vertical"
                requiredMark={false}
                disabled={pending}
                initialValues={emptyRoleValues()}
                onFinish={submit}
                data-testid="role-form"
              >
                <Form.Item label={t('admin.roles.base_name')} name="baseName">
                  <Input maxLength={CUSTOM_ROLE_LIMITS.baseName} placeholder={t('admin.roles.base_name.placeholder')} data-testid="role-base-name" />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={14}>
                    <Form.Item label={t('admin.roles.team')} name="team">
                      <AutoComplete
                        options={KNOWN_TEAMS.map((team) => ({ value: team, label: <Tag color={teamColor(team)}>{teamLabel(team)}</Tag> }))}
                        maxLength={CUSTOM_ROLE_LIMITS.team}
                        placeholder={t('admin.roles.team.placeholder')}
                        data-testid="role-team"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={10}>
                    <Form.Item label={t('admin.roles.night_order')} name="nightOrder" extra={t('admin.roles.night_order.hint')}>
                      <InputNumber precision={0} style={{ width: '100%' }} data-testid="role-night-order" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label={t('admin.roles.abilities')} name="abilities">
                  <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('admin.roles.abilities.placeholder')} data-testid="role-abilities" />
                </Form.Item>
                <Form.Item label={t('admin.roles.active')} name="isActive" valuePropName="checked">
                  <Switch data-testid="role-active" />
                </Form.Item>
                <Typography.Text strong>{t('admin.roles.theme_variants')}</Typography.Text>
                <Tabs
                  activeKey={themeTab}
                  onChange={(k) => setThemeTab(k as CustomRoleThemeId)}
                  items={themeItems}
                  size="small"
                  tabBarGutter={16}
                  className="nf-admin-theme-tabs"
                  data-testid="role-theme-tabs"
                />
                <div className="nf-row-wrap" style={{ marginTop: 8 }}>
                  <Button type="primary" htmlType="submit" icon={editing ? <SaveOutlined /> : <PlusOutlined />} loading={pending} data-testid="role-submit">
                    {editing ? t('admin.roles.submit.update') : t('admin.roles.submit.create')}
                  </Button>
                  {editing ? (
                    <Button onClick={leaveEdit} data-testid="role-cancel">
                      {t('admin.roles.cancel')}
                    </Button>
                  ) : null}
                </div>
              </Form>
            </Card>
          </div>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.roles.existing')} data-testid="role-list-card">
            {roles.isPending ? (
              <div className="nf-center nf-stack-sm" style={{ padding: 24, flexDirection: 'column' }} data-testid="roles-loading">
                <Spin />
                <span className="nf-muted">{t('admin.roles.loading')}</span>
              </div>
            ) : list.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.roles.none')} data-testid="roles-empty" />
            ) : (
              <ul className="nf-admin-role-list" data-testid="role-list">
                {list.map((role) => (
                  <li key={role.id} className={`nf-admin-role${editing?.id === role.id ? ' editing' : ''}`} data-testid="role-item" data-role-id={role.id}>
                    <div className="nf-between" style={{ alignItems: 'flex-start' }}>
                      <div className="nf-stack-sm" style={{ gap: 4 }}>
                        <strong data-testid="role-item-name">{role.baseName}</strong>
                        <div className="nf-row-wrap" style={{ gap: 4 }}>
                          <Tag color={teamColor(role.team)} data-testid="role-item-team">
                            {teamLabel(role.team)}
                          </Tag>
                          <Tag color={role.isActive ? 'success' : 'default'} data-testid="role-item-active">
                            {role.isActive ? t('admin.roles.active') : t('admin.roles.inactive')}
                          </Tag>
                          <span className="nf-muted nf-small" data-testid="role-item-night-order">
                            {t('admin.roles.night_order.value', { order: role.nightOrder })}
                          </span>
                        </div>
                      </div>
                      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap', gap: 4 }}>
                        <Button size="small" icon={<EditOutlined />} aria-label={t('admin.roles.edit_role', { name: role.baseName })} onClick={() => startEdit(role)} data-testid="role-edit" />
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('admin.roles.delete_role', { name: role.baseName })}
                          onClick={() => confirmDelete(role)}
                          data-testid="role-delete"
                        />
                      </div>
                    </div>
                    {role.abilities ? (
                      <Typography.Paragraph type="secondary" className="nf-small" style={{ margin: '6px 0 0', whiteSpace: 'pre-wrap' }} data-testid="role-item-abilities">
                        {role.abilities}
                      </Typography.Paragraph>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
}
