import { useState } from 'react';
import { App, Badge, Button, Card, Grid, Input, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CrownOutlined, GiftOutlined, InfoCircleOutlined, ReloadOutlined, SearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDto } from '@nightfall/protocol';
import { ME_KEY } from '../../hooks/useMe';
import { t } from '../../i18n/admin';
import { ADMIN_KEYS, adminApi, failureText } from './adminApi';
import { formatAdminDate, formatAdminDay, hostBadge, hostBadgeRank, sortTime } from './format';
import { GrantEntitlementModal } from './GrantEntitlementModal';
import { useAdminToast, useClock, useDebounced, useQueryFailure } from './hooks';
import { buttonTestId } from './testIds';
import { ADMIN_PAGE_SIZE, HARD_REFRESH_DELAY_MS, SEARCH_DEBOUNCE_MS, USERS_TOAST_SECONDS } from './constants';

/** Sum of the desktop column widths: the table fits 1280 px and scrolls sideways below. */
const USERS_TABLE_WIDTH = 200 + 130 + 130 + 225 + 120 + 160 + 185;

/**
 * User Management (spec 001 section 2, /admin/users): search ('Search by email or user ID...', debounced,
 * on the server), the users table with its count, Refresh and Hard Refresh, the Super Admin badge and the
 * info card of the viewer's rights, Make Admin / Remove Admin (super admins only, never on the primary
 * account, with confirmation; plain admins see 'Super Admin Only') and Grant Host Entitlement. The list is
 * never cached (staleTime and gcTime 0) and is refetched on mount and focus; success toasts last 2 s.
 */
export function UsersTab({ superAdmin }: { superAdmin: boolean }) {
  const client = useQueryClient();
  const toast = useAdminToast();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const now = useClock();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [grantFor, setGrantFor] = useState<string | null>(null);
  const pageQuery = { search, page, pageSize: ADMIN_PAGE_SIZE };

  const users = useQuery({
    queryKey: ADMIN_KEYS.usersPage(pageQuery),
    queryFn: ({ signal }) => adminApi.users(pageQuery, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });
  useQueryFailure(users.error, users.errorUpdatedAt, t('admin.users.fetch_failed'));

  const toggle = useMutation({
    mutationFn: (email: string) => adminApi.toggleAdmin(email),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ADMIN_KEYS.all }), client.invalidateQueries({ queryKey: ME_KEY })]);
    },
  });

  const confirmToggle = (user: AdminUserDto) => {
    const makeAdmin = !user.isAdmin;
    modal.confirm({
      title: makeAdmin ? t('admin.users.grant_admin.title') : t('admin.users.remove_admin.title'),
      content: makeAdmin ? t('admin.users.grant_admin.confirm', { email: user.email }) : t('admin.users.remove_admin.confirm', { email: user.email }),
      okText: makeAdmin ? t('admin.users.make_admin') : t('admin.users.remove_admin'),
      okButtonProps: buttonTestId('confirm-toggle-admin', { danger: !makeAdmin }),
      centered: true,
      onOk: () =>
        toggle.mutateAsync(user.email).then(
          (res) => {
            const email = res?.userEmail || user.email;
            const isAdmin = typeof res?.isAdmin === 'boolean' ? res.isAdmin : makeAdmin;
            const text = t(isAdmin ? 'admin.users.admin_now' : 'admin.users.admin_no_longer', { email });
            const message = res?.message?.trim();
            if (message && message !== text) toast.success(message, text, USERS_TOAST_SECONDS);
            else toast.success(t('admin.success'), text, USERS_TOAST_SECONDS);
          },
          (err) => toast.error(t('admin.users.toggle_failed'), failureText(err)),
        ),
    });
  };

  const refresh = () => void users.refetch();

  /** Clears the cached users and /api/me, then fetches them again 100 ms later. */
  const hardRefresh = () => {
    const cache = client.getQueryCache();
    for (const q of [...cache.findAll({ queryKey: ADMIN_KEYS.users }), ...cache.findAll({ queryKey: ME_KEY })]) q.reset();
    window.setTimeout(() => {
      void client.refetchQueries({ queryKey: ME_KEY });
      void client.refetchQueries({ queryKey: ADMIN_KEYS.users });
    }, HARD_REFRESH_DELAY_MS);
  };

  const data = users.data;
  const total = data?.total ?? 0;
  const loading = users.isFetching;

  const adminStatus = (user: AdminUserDto) => (
    <span className="nf-admin-nowrap" data-testid="user-admin-status" data-admin={user.isAdmin ? 'true' : 'false'}>
      <Badge status={user.isAdmin ? 'success' : 'default'} text={user.isAdmin ? t('admin.badge.admin') : t('admin.users.role.user')} />
      {user.isSuperAdmin ? (
        <Tooltip title={t('admin.badge.super_admin')}>
          <CrownOutlined className="nf-admin-super-icon" aria-label={t('admin.badge.super_admin')} data-testid="user-super-admin" />
        </Tooltip>
      ) : null}
    </span>
  );
  const email = (user: AdminUserDto) => (
    <span className="nf-admin-email nf-admin-ellipsis" title={user.email} data-testid="user-email">
      {user.email}
    </span>
  );

  const emailColumn = { title: t('admin.users.col.email'), key: 'email', sorter: (a: AdminUserDto, b: AdminUserDto) => a.email.localeCompare(b.email) };
  const rest: TableColumnsType<AdminUserDto> = [
    {
      title: t('admin.users.col.host_status'),
      key: 'host',
      width: 225,
      sorter: (a, b) => hostBadgeRank(a, now) - hostBadgeRank(b, now),
      render: (_, user) => {
        const badge = hostBadge(user, now);
        return <Badge className="nf-admin-nowrap" status={badge.tone} text={badge.text} data-testid="user-host-status" />;
      },
    },
    {
      title: t('admin.users.col.created'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 120,
      sorter: (a, b) => sortTime(a.createdAt) - sortTime(b.createdAt),
      render: (v: string) => <span className="nf-admin-nowrap">{formatAdminDay(v)}</span>,
    },
    {
      title: t('admin.users.col.last_login'),
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      width: 160,
      sorter: (a, b) => sortTime(a.lastLoginAt) - sortTime(b.lastLoginAt),
      render: (v: string | null) => (
        <span className="nf-admin-nowrap" data-testid="user-last-login">
          {formatAdminDate(v)}
        </span>
      ),
    },
    {
      title: t('admin.users.col.actions'),
      key: 'actions',
      width: 185,
      fixed: screens.lg ? 'right' : undefined,
      render: (_, user) => (
        <div className="nf-admin-actions">
          {superAdmin ? (
            user.isPrimary ? null : user.isAdmin ? (
              <Button size="small" danger onClick={() => confirmToggle(user)} data-testid="remove-admin">
                {t('admin.users.remove_admin')}
              </Button>
            ) : (
              <Button size="small" onClick={() => confirmToggle(user)} data-testid="make-admin">
                {t('admin.users.make_admin')}
              </Button>
            )
          ) : (
            <Tooltip title={t('admin.users.limited_card.text')}>
              <Tag data-testid="super-admin-only">{t('admin.super_admin_only')}</Tag>
            </Tooltip>
          )}
          <Tooltip title={t('admin.grant.title')}>
            <Button size="small" icon={<GiftOutlined />} aria-label={t('admin.users.grant_for', { title: t('admin.grant.title'), email: user.email })} onClick={() => setGrantFor(user.email)} data-testid="grant-host-row" />
          </Tooltip>
        </div>
      ),
    },
  ];

  // Phones: one 'Email' cell carries the e-mail, display name and admin status; the rest scrolls sideways.
  const columns: TableColumnsType<AdminUserDto> = screens.md
    ? [
        { ...emailColumn, width: 200, ellipsis: { showTitle: false }, render: (_, user) => email(user) },
        {
          title: t('admin.users.col.display_name'),
          dataIndex: 'displayName',
          key: 'displayName',
          width: 130,
          ellipsis: { showTitle: false },
          sorter: (a, b) => (a.displayName ?? '').localeCompare(b.displayName ?? ''),
          render: (name: string) => (
            <span className="nf-admin-ellipsis" title={name || undefined}>
              {name || '-'}
            </span>
          ),
        },
        {
          title: t('admin.users.col.admin_status'),
          key: 'admin',
          width: 130,
          sorter: (a, b) => Number(b.isSuperAdmin) - Number(a.isSuperAdmin) || Number(b.isAdmin) - Number(a.isAdmin),
          render: (_, user) => adminStatus(user),
        },
        ...rest,
      ]
    : [
        {
          ...emailColumn,
          render: (_, user) => (
            <div className="nf-admin-user-cell">
              {email(user)}
              <span className="nf-muted nf-small nf-admin-ellipsis">{user.displayName || '-'}</span>
              {adminStatus(user)}
            </div>
          ),
        },
        ...rest,
      ];

  return (
    <section className="nf-stack" data-testid="admin-users" aria-label={t('admin.users.title')}>
      <div className="nf-between nf-admin-section-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('admin.users.title')}
        </Typography.Title>
        {superAdmin ? (
          <Tag color="purple" icon={<CrownOutlined />} className="nf-admin-role-badge" data-testid="super-admin-badge">
            {t('admin.badge.super_admin')}
          </Tag>
        ) : (
          <Tag color="blue" className="nf-admin-role-badge" data-testid="admin-badge">
            {t('admin.badge.admin')}
          </Tag>
        )}
      </div>

      {superAdmin ? (
        <div className="nf-admin-info purple" role="note" data-testid="super-admin-card">
          <CrownOutlined aria-hidden />
          <div>
            <strong>{t('admin.users.super_admin_card.title')}</strong>
            <div>{t('admin.users.super_admin_card.text')}</div>
          </div>
        </div>
      ) : (
        <div className="nf-admin-info blue" role="note" data-testid="limited-access-card">
          <InfoCircleOutlined aria-hidden />
          <div>
            <strong>{t('admin.users.limited_card.title')}</strong>
            <div>{t('admin.users.limited_card.text')}</div>
          </div>
        </div>
      )}

      <Card size="small">
        <div className="nf-admin-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('admin.users.search')}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(1);
            }}
            className="nf-admin-search"
            data-testid="users-search"
          />
          <div className="nf-row-wrap">
            <Button icon={<ReloadOutlined />} onClick={refresh} loading={users.isRefetching && !users.isPlaceholderData} data-testid="users-refresh">
              {t('admin.refresh')}
            </Button>
            <Button icon={<ThunderboltOutlined />} onClick={hardRefresh} data-testid="users-hard-refresh">
              {t('admin.users.hard_refresh')}
            </Button>
            <Button type="primary" icon={<GiftOutlined />} onClick={() => setGrantFor('')} data-testid="grant-host-open">
              {t('admin.grant.title')}
            </Button>
          </div>
        </div>
      </Card>

      <Card
        size="small"
        title={
          <span data-testid="users-count" data-total={total}>
            {t('admin.users.count', { total })}
          </span>
        }
      >
        <Table<AdminUserDto>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={{ spinning: loading && !!data, tip: t('admin.users.loading') }}
          locale={{ emptyText: users.isPending ? t('admin.users.loading') : t('admin.users.none') }}
          scroll={{ x: screens.md ? USERS_TABLE_WIDTH : 'max-content' }}
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
          data-testid="users-table"
        />
      </Card>

      <GrantEntitlementModal open={grantFor !== null} email={grantFor ?? ''} toastSeconds={USERS_TOAST_SECONDS} onClose={() => setGrantFor(null)} />
    </section>
  );
}
