import { CheckOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { CONTEST_STAFF_LIMITS as L } from '@verdict/shared';
import { Alert, Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  downloadPrintText,
  getContestPrints,
  markPrinted,
  type ContestPrintVO,
} from '../../../api/contest-staff';
import { toast } from '../../../feedback/toast';
import { useStaffList } from './use-staff-list';
import './staff.css';

/**
 * The contest's Admin Print tab (spec part 1 §2, reference §3.6 get-contest-print,
 * check-contest-print-status, download-contest-print-text): not printed first, download a print's
 * text, OK marks it printed; refreshed every 10 s, 15 a page.
 */
export default function ContestAdminPrintPage() {
  const { t } = useTranslation();
  const { cid, page, setPage, list, busy, act } = useStaffList({
    name: 'prints',
    load: (cid, page) => getContestPrints(cid, page, L.printListPageSize),
    refreshMs: L.refreshMs,
  });

  const columns: TableColumnsType<ContestPrintVO> = [
    { title: t('contestStaff.adminPrint.username'), dataIndex: 'username', key: 'username' },
    {
      title: t('contestStaff.adminPrint.realname'),
      dataIndex: 'realname',
      key: 'realname',
      render: (v) => v || '-',
    },
    {
      title: t('contestStaff.adminPrint.submitTime'),
      dataIndex: 'gmtCreate',
      key: 'gmtCreate',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('contestStaff.adminPrint.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: number) =>
        status === 1 ? (
          <Tag color="green">{t('contestStaff.adminPrint.printed')}</Tag>
        ) : (
          <Tag color="orange">{t('contestStaff.adminPrint.notPrinted')}</Tag>
        ),
    },
    {
      title: t('contestStaff.adminPrint.actions'),
      key: 'actions',
      render: (_: unknown, row: ContestPrintVO) => (
        <Space size={8} wrap>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={busy === `download-${row.id}`}
            onClick={() => act(`download-${row.id}`, () => downloadPrintText(row.id))}
          >
            {t('contestStaff.adminPrint.download')}
          </Button>
          {row.status !== 1 && (
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              loading={busy === `ok-${row.id}`}
              onClick={() =>
                act(
                  `ok-${row.id}`,
                  () => markPrinted(row.id, cid!),
                  () => toast.success(t('contestStaff.adminPrint.markedPrinted')),
                )
              }
              data-testid={`print-ok-${row.id}`}
            >
              {t('contestStaff.adminPrint.ok')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      className="contest-staff-card"
      title={t('contestStaff.adminPrint.title')}
      extra={
        <Space size={8}>
          <Typography.Text type="secondary" className="contest-staff-refresh-note">
            {t('contestStaff.autoRefresh')}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
            aria-label={t('contestStaff.refresh')}
          />
        </Space>
      }
    >
      {list.isError && (
        <Alert type="error" showIcon message={t('contestStaff.loadFailed')} style={{ marginBottom: 12 }} />
      )}
      <Table<ContestPrintVO>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isLoading}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('contestStaff.adminPrint.empty') }}
        pagination={{
          current: page,
          pageSize: L.printListPageSize,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Card>
  );
}
