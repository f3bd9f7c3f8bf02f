import { FireOutlined, ReloadOutlined } from '@ant-design/icons';
import { CONTEST_STAFF_LIMITS as L } from '@verdict/shared';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { checkAcInfo, getContestAcInfo, type ContestAcInfoVO } from '../../../api/contest-staff';
import { toast } from '../../../feedback/toast';
import { AcSubmissionsDownload } from './AcSubmissionsDownload';
import { contestClock } from './staff-rules';
import { useStaffList } from './use-staff-list';
import './staff.css';

/**
 * The contest's AC Info tab (spec part 1 §2 "AC helper", reference §3.6 get-contest-ac-info,
 * check-contest-ac-info, §9.8): each user's first AC of each problem with its balloon colour, the
 * First Blood tag, and the "checked" mark of a delivered balloon; refreshed every 10 s, 20 a page.
 */
export default function ContestAcHelperPage() {
  const { t } = useTranslation();
  const { cid, page, setPage, list, busy, act } = useStaffList({
    name: 'ac-info',
    load: (cid, page) => getContestAcInfo(cid, page, L.acHelperPageSize),
    refreshMs: L.refreshMs,
  });

  const flip = (row: ContestAcInfoVO) =>
    act(
      String(row.id),
      () => checkAcInfo(row.id, cid!, !row.checked),
      () => toast.success(t('contestStaff.acHelper.updated')),
    );

  const columns: TableColumnsType<ContestAcInfoVO> = [
    {
      title: t('contestStaff.acHelper.acTime'),
      dataIndex: 'time',
      key: 'time',
      render: (time: number, row) => (
        <Tooltip title={dayjs(row.submitTime).format('YYYY-MM-DD HH:mm:ss')}>{contestClock(time)}</Tooltip>
      ),
    },
    {
      title: t('contestStaff.acHelper.problem'),
      dataIndex: 'displayId',
      key: 'displayId',
      render: (displayId: string, row) => (
        <span>
          <span className="contest-staff-balloon" style={{ background: row.color ?? 'transparent' }} />
          {displayId}
        </span>
      ),
    },
    {
      title: t('contestStaff.acHelper.status'),
      key: 'status',
      render: (_: unknown, row) =>
        row.firstBlood ? (
          <Tag color="#ff4d4f" icon={<FireOutlined />} data-testid="first-blood">
            {t('contestStaff.acHelper.firstBlood')}
          </Tag>
        ) : (
          <Tag color="green">{t('contestStaff.acHelper.accepted')}</Tag>
        ),
    },
    { title: t('contestStaff.acHelper.username'), dataIndex: 'username', key: 'username' },
    {
      title: t('contestStaff.acHelper.realname'),
      dataIndex: 'realname',
      key: 'realname',
      render: (v) => v || '-',
    },
    {
      title: t('contestStaff.acHelper.checked'),
      dataIndex: 'checked',
      key: 'checked',
      render: (checked: boolean) =>
        checked ? (
          <Tag color="blue">{t('contestStaff.acHelper.isChecked')}</Tag>
        ) : (
          <Tag color="orange">{t('contestStaff.acHelper.notChecked')}</Tag>
        ),
    },
    {
      title: t('contestStaff.acHelper.action'),
      key: 'action',
      render: (_: unknown, row) => (
        <Button
          size="small"
          type={row.checked ? 'default' : 'primary'}
          loading={busy === String(row.id)}
          onClick={() => flip(row)}
          data-testid={`ac-check-${row.id}`}
        >
          {row.checked ? t('contestStaff.acHelper.uncheck') : t('contestStaff.acHelper.checkIt')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      className="contest-staff-card"
      title={t('contestStaff.acHelper.title')}
      extra={
        <Space size={8} wrap>
          <Typography.Text type="secondary" className="contest-staff-refresh-note">
            {t('contestStaff.autoRefresh')}
          </Typography.Text>
          {cid !== null && <AcSubmissionsDownload cid={cid} />}
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
      <Table<ContestAcInfoVO>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isLoading}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('contestStaff.acHelper.empty') }}
        pagination={{
          current: page,
          pageSize: L.acHelperPageSize,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Card>
  );
}
