import { RedoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { getContestProblems, type ContestProblem } from '../../../api/contest';
import { rejudgeContestProblem } from '../../../api/contest-staff';
import { toast } from '../../../feedback/toast';
import { useStaffList } from './use-staff-list';
import './staff.css';

/**
 * The contest's Rejudge tab (spec part 1 §2 "Rejudge", super admins; reference §3.4
 * rejudge-contest-problem, §6.4): the contest's problems, each with Rejudge All after a confirmation.
 */
export default function ContestRejudgePage() {
  const { t } = useTranslation();
  const {
    cid,
    list: problems,
    busy,
    act,
  } = useStaffList({ name: 'problems', load: (cid) => getContestProblems(cid, false) });

  const rejudge = (row: ContestProblem) =>
    act(
      String(row.pid),
      () => rejudgeContestProblem(cid!, row.pid),
      () => toast.success(t('contestStaff.rejudge.success')),
    );

  const columns: TableColumnsType<ContestProblem> = [
    { title: t('contestStaff.rejudge.pid'), dataIndex: 'pid', key: 'pid' },
    {
      title: t('contestStaff.rejudge.displayId'),
      dataIndex: 'displayId',
      key: 'displayId',
      render: (displayId: string, row) => (
        <span>
          <span className="contest-staff-balloon" style={{ background: row.color ?? 'transparent' }} />
          {displayId}
        </span>
      ),
    },
    { title: t('contestStaff.rejudge.displayTitle'), dataIndex: 'displayTitle', key: 'displayTitle' },
    { title: t('contestStaff.rejudge.ac'), dataIndex: 'ac', key: 'ac', render: (v) => v ?? '-' },
    { title: t('contestStaff.rejudge.total'), dataIndex: 'total', key: 'total', render: (v) => v ?? '-' },
    {
      title: t('contestStaff.rejudge.option'),
      key: 'option',
      render: (_: unknown, row) => (
        <Popconfirm
          title={t('contestStaff.rejudge.rejudgeAll')}
          description={t('contestStaff.rejudge.confirm', { displayId: row.displayId, total: row.total ?? 0 })}
          okText={t('contestStaff.rejudge.yes')}
          cancelText={t('contestStaff.rejudge.no')}
          okButtonProps={{ danger: true }}
          styles={{ root: { maxWidth: 360 } }}
          onConfirm={() => rejudge(row)}
        >
          <Button
            size="small"
            danger
            icon={<RedoOutlined />}
            loading={busy === String(row.pid)}
            data-testid={`rejudge-${row.displayId}`}
          >
            {t('contestStaff.rejudge.rejudgeAll')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card className="contest-staff-card" title={t('contestStaff.rejudge.title')}>
      {problems.isError && (
        <Alert type="error" showIcon message={t('contestStaff.loadFailed')} style={{ marginBottom: 12 }} />
      )}
      <Table<ContestProblem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={problems.data ?? []}
        loading={problems.isLoading}
        scroll={{ x: 600 }}
        pagination={false}
        locale={{ emptyText: t('contestStaff.rejudge.empty') }}
      />
    </Card>
  );
}
