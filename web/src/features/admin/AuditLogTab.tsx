import { useState } from 'react';
import { Button, Card, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '@nightfall/protocol';
import { t } from '../../i18n/admin';
import { truncate } from '../../lib/format';
import { ADMIN_KEYS, adminApi } from './adminApi';
import { formatAdminDate } from './format';
import { useQueryFailure } from './hooks';
import { ADMIN_PAGE_SIZE } from './constants';

/** A before/after value of an audit entry in one line (JSON, cut to 120 characters); '-' when empty. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return truncate(text ?? '-', 120);
}

/** Colour of an action tag: grants and creations green, revocations and deletions red, the rest blue. */
function actionColor(action: string): string {
  const a = action.toLowerCase();
  if (/(revoke|delete|remove)/.test(a)) return 'red';
  if (/(grant|create|add)/.test(a)) return 'green';
  return 'blue';
}

/** Audit Log (/admin/audit): who did what in the console, read-only, newest first, paged on the server. */
export function AuditLogTab() {
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const pageQuery = { page, pageSize: ADMIN_PAGE_SIZE };
  const log = useQuery({
    queryKey: ADMIN_KEYS.auditPage(pageQuery),
    queryFn: ({ signal }) => adminApi.auditLog(pageQuery, signal),
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
  useQueryFailure(log.error, log.errorUpdatedAt, t('admin.audit.fetch_failed'));
  const data = log.data;
  const total = data?.total ?? 0;

  const change: TableColumnsType<AuditEntryDto>[number] = {
    title: t('admin.audit.col.change'),
    key: 'change',
    render: (_, e) => (
      <span className="nf-admin-change" title={t('admin.audit.change', { before: auditValue(e.before), after: auditValue(e.after) })}>
        <span className="nf-muted">{auditValue(e.before)}</span> → <span>{auditValue(e.after)}</span>
      </span>
    ),
  };
  const desktopColumns: TableColumnsType<AuditEntryDto> = [
    { title: t('admin.audit.col.when'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => <span className="nf-admin-nowrap">{formatAdminDate(v)}</span> },
    { title: t('admin.audit.col.admin'), dataIndex: 'actorEmail', key: 'actorEmail', render: (v: string, e) => <span className="nf-admin-email">{v || e.actorUserId}</span> },
    { title: t('admin.audit.col.action'), dataIndex: 'action', key: 'action', render: (v: string) => <Tag color={actionColor(v)}>{v}</Tag> },
    {
      title: t('admin.audit.col.target'),
      dataIndex: 'target',
      key: 'target',
      render: (v: string) => (
        <span className="nf-admin-email nf-admin-clip" title={v || undefined}>
          {v || '-'}
        </span>
      ),
    },
    change,
  ];

  // Phones: one cell per entry (action, target, who and when); the change scrolls sideways.
  const phoneColumns: TableColumnsType<AuditEntryDto> = [
    {
      title: t('admin.audit.col.entry'),
      key: 'entry',
      render: (_, e) => (
        <div className="nf-admin-user-cell">
          <span>
            <Tag color={actionColor(e.action)}>{e.action}</Tag>
          </span>
          <span className="nf-admin-ellipsis" title={e.target}>
            {e.target || '-'}
          </span>
          <span className="nf-muted nf-small nf-admin-ellipsis">
            {e.actorEmail || e.actorUserId} · {formatAdminDate(e.createdAt)}
          </span>
        </div>
      ),
    },
    change,
  ];
  const columns = screens.md ? desktopColumns : phoneColumns;

  return (
    <section className="nf-stack" data-testid="admin-audit" aria-label={t('admin.audit.title')}>
      <div className="nf-between nf-admin-section-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('admin.audit.title')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void log.refetch()} data-testid="audit-refresh">
          {t('admin.refresh')}
        </Button>
      </div>
      <Card
        size="small"
        title={
          <span data-testid="audit-count" data-total={total}>
            {t('admin.audit.count', { total })}
          </span>
        }
      >
        <Table<AuditEntryDto>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={{ spinning: log.isFetching && !!data, tip: t('admin.audit.loading') }}
          locale={{ emptyText: log.isPending ? t('admin.audit.loading') : t('admin.audit.none') }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: data?.page ?? page,
            pageSize: data?.pageSize ?? ADMIN_PAGE_SIZE,
            total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            size: 'small',
            onChange: setPage,
          }}
          data-testid="audit-table"
        />
      </Card>
    </section>
  );
}
