import { useState } from 'react';
import { App, Badge, Button, Card, Grid, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { GiftOutlined, ReloadOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEntitlementDto } from '@nightfall/protocol';
import { ME_KEY } from '../../hooks/useMe';
import { t } from '../../i18n/admin';
import { sourceLabel } from '../account/hostAccess';
import { ADMIN_KEYS, adminApi, failureText, type EntitlementStatusFilter } from './adminApi';
import { adminTierLabel, effectiveStatus, entitlementStatus, formatAdminDate, formatAdminDay, sortTime, typeLabel } from './format';
import { GrantEntitlementModal } from './GrantEntitlementModal';
import { useAdminToast, useClock, useDebounced, useQueryFailure } from './hooks';
import { buttonTestId } from './testIds';
import { ADMIN_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './constants';

/** Sum of the column widths: the table fits 1280 px and scrolls sideways below. */
const ENTITLEMENTS_TABLE_WIDTH = 220 + 80 + 100 + 100 + 165 + 160 + 160 + 160;

/** The status filter's choices ('' = all). */
function statusOptions(): { value: EntitlementStatusFilter; label: string }[] {
  return [
    { value: '', label: t('admin.entitlements.status.all') },
    { value: 'active', label: t('admin.status.active') },
    { value: 'revoked', label: t('admin.status.revoked') },
    { value: 'expired', label: t('admin.status.expired') },
  ];
}

/**
 * Entitlements (spec 001 section 2 "Entitlements page", /admin/entitlements): filter by status and search
 * on the server, the paged list, Revoke ('Are you sure you want to revoke this entitlement?') and the Grant
 * Host Entitlement dialog. Toasts 'Entitlement revoked successfully' / 'Failed to revoke entitlement' and
 * 'Failed to fetch entitlements' with the server's message.
 */
export function EntitlementsTab() {
  const client = useQueryClient();
  const toast = useAdminToast();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const now = useClock();
  const [status, setStatus] = useState<EntitlementStatusFilter>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState(false);
  const pageQuery = { status, search, page, pageSize: ADMIN_PAGE_SIZE };
  const statusChoices = statusOptions();

  const list = useQuery({
    queryKey: ADMIN_KEYS.entitlementsPage(pageQuery),
    queryFn: ({ signal }) => adminApi.entitlements(pageQuery, signal),
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
  useQueryFailure(list.error, list.errorUpdatedAt, t('admin.entitlements.fetch_failed'));

  const revoke = useMutation({
    mutationFn: (id: string) => adminApi.revoke(id),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ADMIN_KEYS.all }), client.invalidateQueries({ queryKey: ME_KEY })]);
    },
  });

  const confirmRevoke = (e: AdminEntitlementDto) => {
    modal.confirm({
      title: t('admin.entitlements.revoke.confirm'),
      content: t('admin.entitlements.revoke.details', { email: e.userEmail, type: typeLabel(e.type), tier: adminTierLabel(e.tier) }),
      okText: t('admin.entitlements.revoke'),
      okButtonProps: buttonTestId('confirm-revoke', { danger: true }),
      centered: true,
      onOk: () =>
        revoke.mutateAsync(e.id).then(
          () => toast.success(t('admin.entitlements.revoked'), e.userEmail),
          (err) => toast.error(t('admin.entitlements.revoke_failed'), failureText(err)),
        ),
    });
  };

  const data = list.data;
  const total = data?.total ?? 0;

  const emailOf = (email: string) => (
    <span className="nf-admin-email nf-admin-ellipsis" title={email} data-testid="entitlement-email">
      {email}
    </span>
  );
  const statusOf = (e: AdminEntitlementDto) => {
    const st = entitlementStatus(effectiveStatus(e, now));
    return <Badge className="nf-admin-nowrap" status={st.tone} text={st.text} data-testid="entitlement-status" />;
  };
  const userColumn = { title: t('admin.entitlements.col.user'), dataIndex: 'userEmail', key: 'userEmail', sorter: (a: AdminEntitlementDto, b: AdminEntitlementDto) => a.userEmail.localeCompare(b.userEmail) };
  // Phones: one 'User' cell carries the e-mail, type, tier and status; the rest scrolls sideways.
  const lead: TableColumnsType<AdminEntitlementDto> = screens.md
    ? [
        { ...userColumn, width: 220, ellipsis: { showTitle: false }, render: (email: string) => emailOf(email) },
        { title: t('admin.entitlements.col.type'), dataIndex: 'type', key: 'type', width: 80, sorter: (a, b) => a.type.localeCompare(b.type), render: typeLabel },
        { title: t('admin.entitlements.col.tier'), dataIndex: 'tier', key: 'tier', width: 100, sorter: (a, b) => a.tier.localeCompare(b.tier), render: adminTierLabel },
        {
          title: t('admin.entitlements.col.status'),
          key: 'status',
          width: 100,
          sorter: (a, b) => effectiveStatus(a, now).localeCompare(effectiveStatus(b, now)),
          render: (_, e) => statusOf(e),
        },
      ]
    : [
        {
          ...userColumn,
          render: (email: string, e) => (
            <div className="nf-admin-user-cell">
              {emailOf(email)}
              <span className="nf-muted nf-small">
                {t('admin.entitlements.row', { type: typeLabel(e.type), tier: adminTierLabel(e.tier) })}
              </span>
              {statusOf(e)}
            </div>
          ),
        },
      ];
  const columns: TableColumnsType<AdminEntitlementDto> = [
    ...lead,
    { title: t('admin.entitlements.col.source'), dataIndex: 'source', key: 'source', width: 165, render: (v: string) => <span className="nf-admin-nowrap">{sourceLabel(v)}</span> },
    {
      title: t('admin.entitlements.col.created'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 160,
      sorter: (a, b) => sortTime(a.createdAt) - sortTime(b.createdAt),
      render: (v: string) => <span className="nf-admin-nowrap">{formatAdminDate(v)}</span>,
    },
    {
      title: t('admin.entitlements.col.expires'),
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      width: 160,
      sorter: (a, b) => sortTime(a.expiresAt) - sortTime(b.expiresAt),
      render: (v: string | null) => <span className="nf-admin-nowrap">{v ? formatAdminDate(v) : t('admin.entitlements.never')}</span>,
    },
    {
      title: t('admin.entitlements.col.actions'),
      key: 'actions',
      width: 160,
      fixed: screens.lg ? 'right' : undefined,
      render: (_, e) =>
        effectiveStatus(e, now) === 'active' ? (
          <Button size="small" danger icon={<StopOutlined />} onClick={() => confirmRevoke(e)} data-testid="revoke-entitlement">
            {t('admin.entitlements.revoke')}
          </Button>
        ) : e.revokedAt ? (
          <span className="nf-muted nf-small nf-admin-nowrap">{t('admin.entitlements.revoked_on', { date: formatAdminDay(e.revokedAt) })}</span>
        ) : null,
    },
  ];

  return (
    <section className="nf-stack" data-testid="admin-entitlements" aria-label={t('admin.entitlements.title')}>
      <div className="nf-between nf-admin-section-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('admin.entitlements.title')}
        </Typography.Title>
      </div>
      <Card size="small">
        <div className="nf-admin-toolbar">
          <Select<EntitlementStatusFilter>
            value={status}
            options={statusChoices}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            className="nf-admin-status-filter"
            aria-label={t('admin.entitlements.status')}
            data-testid="entitlements-status"
          />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('admin.entitlements.search')}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(1);
            }}
            className="nf-admin-search"
            data-testid="entitlements-search"
          />
          <div className="nf-row-wrap">
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} data-testid="entitlements-refresh">
              {t('admin.refresh')}
            </Button>
            <Button type="primary" icon={<GiftOutlined />} onClick={() => setGranting(true)} data-testid="grant-entitlement-open">
              {t('admin.grant.title')}
            </Button>
          </div>
        </div>
      </Card>
      <Card
        size="small"
        title={
          <span data-testid="entitlements-count" data-total={total}>
            {t('admin.entitlements.count', { total })}
          </span>
        }
        extra={status ? <Tag>{statusChoices.find((o) => o.value === status)?.label}</Tag> : null}
      >
        <Table<AdminEntitlementDto>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={{ spinning: list.isFetching && !!data, tip: t('admin.entitlements.loading') }}
          locale={{ emptyText: list.isPending ? t('admin.entitlements.loading') : t('admin.entitlements.none') }}
          scroll={{ x: screens.md ? ENTITLEMENTS_TABLE_WIDTH : 'max-content' }}
          tableLayout={screens.md ? 'fixed' : 'auto'}
          showSorterTooltip={false}
          pagination={{
            current: data?.page ?? page,
            pageSize: data?.pageSize ?? ADMIN_PAGE_SIZE,
            total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            size: 'small',
            onChange: setPage,
          }}
          data-testid="entitlements-table"
        />
      </Card>
      <GrantEntitlementModal open={granting} onClose={() => setGranting(false)} />
    </section>
  );
}
