import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProblem } from '../../api/admin-problem';
import { addTrainingProblemFromPublic, getTrainingProblemList } from '../../api/admin-training';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';

const PAGE_SIZE = 10;

/**
 * "Add from the public bank" (reference §3.12 get-problem-list with queryExisted=false, then
 * add-problem-from-public): public problems not yet in the training, with a search; a problem's
 * display id in the training is its own problem id (reference §4.5).
 */
export function TrainingBankModal({
  tid,
  open,
  onClose,
  onAdded,
}: {
  tid: number;
  open: boolean;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<number | null>(null);

  const candidates = useQuery({
    queryKey: ['admin-training', 'candidates', tid, keyword, page],
    queryFn: () =>
      getTrainingProblemList({
        tid,
        currentPage: page,
        limit: PAGE_SIZE,
        keyword: keyword || undefined,
        queryExisted: false,
      }),
    enabled: open,
    staleTime: 0,
  });

  const add = async (row: AdminProblem) => {
    setAdding(row.id);
    try {
      await addTrainingProblemFromPublic({ pid: row.id, tid, displayId: row.problemId });
      toast.success(t('adminTraining.problems.added'));
      await Promise.all([onAdded(), candidates.refetch()]);
    } catch {
      // the client has shown the server's message
    } finally {
      setAdding(null);
    }
  };

  const columns: TableColumnsType<AdminProblem> = [
    { title: t('adminTraining.problems.pid'), dataIndex: 'id', width: 70 },
    { title: t('adminTraining.problems.displayId'), dataIndex: 'problemId', width: 110, ellipsis: true },
    { title: t('adminTraining.problems.title'), dataIndex: 'title', ellipsis: true },
    { title: t('adminTraining.problems.author'), dataIndex: 'author', width: 110, ellipsis: true },
    {
      title: t('adminTraining.common.actions'),
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          loading={adding === row.id}
          disabled={adding !== null && adding !== row.id}
          aria-label={`${t('adminTraining.problems.bankAdd')} ${row.problemId}`}
          onClick={() => void add(row)}
        >
          {t('adminTraining.problems.bankAdd')}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('adminTraining.problems.bankTitle')}
      onCancel={onClose}
      footer={null}
      width={isMobile ? '100%' : 860}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="ap-alert" title={t('adminTraining.problems.bankHint')} />
      <div className="ap-toolbar">
        <Input.Search
          className="ap-search"
          allowClear
          placeholder={t('adminTraining.problems.bankSearch')}
          aria-label={t('adminTraining.problems.bankSearch')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
      </div>
      <Table<AdminProblem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={candidates.data?.problemList.records ?? []}
        loading={candidates.isFetching}
        scroll={{ x: 560 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: candidates.data?.problemList.total ?? 0,
          simple: isMobile,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{ emptyText: t('adminTraining.problems.bankEmpty') }}
      />
    </Modal>
  );
}
