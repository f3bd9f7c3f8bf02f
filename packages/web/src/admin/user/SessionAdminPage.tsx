import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getLoginRecords, type LoginRecord, type LoginRecordsOf } from '../../api/admin-user';
import '../problem/admin-problem.css';

const PAGE_SIZE = 20;

/**
 * /admin/session (spec part 2 §2.7, issue 10 "Sessions and login records"): one user's logins,
 * newest first, with address, browser and whether each has ended; opened from a user row (`?uid=`) or found by the username typed (`?username=`).
 */
export function SessionAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // ?uid= from a user row's link, ?username= from the search box
  const uid = params.get('uid') ?? '';
  const username = params.get('username') ?? '';
  const who: LoginRecordsOf | null = uid ? { uid } : username ? { username } : null;
  const [page, setPage] = useState(1);
  const records = useQuery({
    queryKey: ['admin-user', 'sessions', who, page],
    queryFn: () => getLoginRecords(who!, page, PAGE_SIZE),
    enabled: who !== null,
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<LoginRecord> = [
    {
      title: t('adminUser.session.time'),
      dataIndex: 'gmtCreate',
      render: (v: string) => new Date(v).toLocaleString(),
    },
    { title: t('adminUser.session.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
    {
      title: t('adminUser.session.browser'),
      dataIndex: 'userAgent',
      // a user agent is long: cut it so the state stays in view; the whole text is its tooltip
      render: (v: string | null) =>
        v ? (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 360 }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('adminUser.status'),
      key: 'state',
      render: (_, row) =>
        row.revoked ? (
          <Tag>{t('adminUser.session.ended')}</Tag>
        ) : row.expired ? (
          <Tag>{t('adminUser.session.expired')}</Tag>
        ) : (
          <Tag color="success">{t('adminUser.session.active')}</Tag>
        ),
    },
  ];
  const shownName = records.data?.records[0]?.username;

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminSession')}
        </Typography.Title>
      </div>
      <Card title={shownName ? t('adminUser.session.of', { name: shownName }) : t('adminUser.session.title')}>
        <Input.Search
          aria-label={t('adminUser.session.username')}
          placeholder={t('adminUser.session.username')}
          defaultValue={username}
          allowClear
          onSearch={(value) => {
            setPage(1);
            setParams(value.trim() ? { username: value.trim() } : {});
          }}
          style={{ width: 360, maxWidth: '100%', marginBottom: 12 }}
        />
        {who === null ? (
          <Alert type="info" showIcon title={t('adminUser.session.pick')} />
        ) : (
          <Table<LoginRecord>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records.data?.records ?? []}
            loading={records.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: records.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        )}
      </Card>
    </div>
  );
}
