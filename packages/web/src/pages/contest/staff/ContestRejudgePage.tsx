import { RedoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getContestProblems, rejudgeContestProblem, type ContestProblemVO } from '../../../api/contest-staff';
import { toast } from '../../../feedback/toast';
import { contestIdOf } from './staff-rules';
import './staff.css';

/**
 * The contest's Rejudge tab (spec part 1 §2 "Rejudge", super admins; reference §3.4
 * rejudge-contest-problem, §6.4): the contest's problems, each with Rejudge All after a confirmation.
 */
export default function ContestRejudgePage() {
  const { t } = useTranslation();
  const cid = contestIdOf(useParams().contestID);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const problems = useQuery({
    queryKey: ['contest-staff', 'problems', cid],
    queryFn: () => getContestProblems(cid!),
    enabled: cid !== null,
  });

  const rejudge = async (row: ContestProblemVO) => {
    setBusy(row.pid);
    try {
      await rejudgeContestProblem(cid!, row.pid);
      toast.success(t('contestStaff.rejudge.success'));
      await queryClient.invalidateQueries({ queryKey: ['contest-staff', 'problems', cid] });
    } catch {
      // the client has shown the failure
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<ContestProblemVO> = [
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
            loading={busy === row.pid}
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
      <Table<ContestProblemVO>
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
