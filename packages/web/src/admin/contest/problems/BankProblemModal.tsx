import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addProblemFromPublic, getContestProblemList } from '../../../api/admin-contest';
import type { AdminProblem } from '../../../api/admin-problem';
import { toast } from '../../../feedback/toast';
import { useIsMobile } from '../../../layout/use-is-mobile';
import { contestProblemErrors, nextDisplayId } from './contest-problem';

const PAGE_SIZE = 10;

/**
 * "Add from the public bank" (reference §3.12 get-problem-list with problemType, then
 * add-problem-from-public): candidates of the contest's type with a search; each Add uses the
 * display id above the table, which then moves on to the next free one.
 */
export function BankProblemModal({
  cid,
  contestType,
  takenIds,
  open,
  onClose,
  onAdded,
}: {
  cid: number;
  contestType: number;
  takenIds: string[];
  open: boolean;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [displayId, setDisplayId] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const shownId = displayId ?? nextDisplayId(takenIds);
  const idError = contestProblemErrors({ displayId: shownId, displayTitle: '-' }, takenIds).displayId;

  const candidates = useQuery({
    queryKey: ['admin-contest', 'candidates', cid, contestType, keyword, page],
    queryFn: () =>
      getContestProblemList({
        cid,
        currentPage: page,
        limit: PAGE_SIZE,
        keyword: keyword || undefined,
        problemType: contestType,
      }),
    enabled: open,
  });

  const add = async (row: AdminProblem) => {
    if (idError) return;
    setAdding(row.id);
    try {
      await addProblemFromPublic({ pid: row.id, cid, displayId: shownId.trim() });
      toast.success(t('adminContest.problems.added'));
      setDisplayId(null);
      await Promise.all([onAdded(), candidates.refetch()]);
    } catch {
      // the client has shown the server's message
    } finally {
      setAdding(null);
    }
  };

  const columns: TableColumnsType<AdminProblem> = [
    { title: t('adminContest.problems.pid'), dataIndex: 'id', width: 80 },
    { title: t('adminContest.problems.problemId'), dataIndex: 'problemId', width: 110, ellipsis: true },
    { title: t('adminContest.problems.title'), dataIndex: 'title', ellipsis: true },
    { title: t('adminContest.problems.author'), dataIndex: 'author', width: 110, ellipsis: true },
    {
      title: t('adminContest.common.actions'),
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          loading={adding === row.id}
          disabled={!!idError || (adding !== null && adding !== row.id)}
          aria-label={`${t('adminContest.problems.bankAdd')} ${row.title}`}
          onClick={() => void add(row)}
        >
          {t('adminContest.problems.bankAdd')}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('adminContest.problems.bankTitle')}
      onCancel={onClose}
      footer={null}
      width={isMobile ? '100%' : 860}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="ap-alert" title={t('adminContest.problems.addHint')} />
      <div className="ap-toolbar">
        <Input.Search
          className="ap-search"
          allowClear
          placeholder={t('adminContest.problems.bankSearch')}
          aria-label={t('adminContest.problems.bankSearch')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Form.Item
          className="acn-inline-item"
          label={t('adminContest.problems.bankAddAs')}
          htmlFor="acn-bank-displayId"
          validateStatus={idError ? 'error' : undefined}
          help={idError ? t(`adminContest.problems.${idError}`, { displayId: shownId }) : undefined}
        >
          <Input
            id="acn-bank-displayId"
            value={shownId}
            style={{ width: 100 }}
            onChange={(event) => setDisplayId(event.target.value)}
          />
        </Form.Item>
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
        locale={{ emptyText: t('adminContest.problems.bankEmpty') }}
      />
    </Modal>
  );
}
