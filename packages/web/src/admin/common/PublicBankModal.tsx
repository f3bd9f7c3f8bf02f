import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { AdminProblem } from '../../api/admin-problem';
import { useIsMobile } from '../../layout/use-is-mobile';

const PAGE_SIZE = 10;

export interface PublicBankTexts {
  title: string;
  hint: string;
  search: string;
  empty: string;
  add: string;
  columns: { pid: string; problemId: string; title: string; author: string; actions: string };
}

export interface PublicBankPage {
  problemList: { records: AdminProblem[]; total: number };
}

interface PublicBankModalProps {
  open: boolean;
  onClose: () => void;
  /** the query key of the candidates; the page and keyword are appended */
  queryKey: readonly unknown[];
  /** one page of candidates (reference §3.12 get-problem-list of a contest or training) */
  fetchPage: (query: {
    currentPage: number;
    limit: number;
    keyword: string | undefined;
  }) => Promise<PublicBankPage>;
  staleTime?: number;
  /** adds one candidate (add-problem-from-public) and says so; a throw keeps the list as it is */
  onAdd: (row: AdminProblem) => Promise<void>;
  /** the parent's list to refresh after an add */
  onAdded: () => Promise<unknown>;
  /** while true, no Add button works (e.g. the display id above the table is wrong) */
  addBlocked?: boolean;
  addAriaLabel: (row: AdminProblem) => string;
  pidWidth: number;
  /** fields beside the search box */
  toolbarExtra?: ReactNode;
  texts: PublicBankTexts;
}

/**
 * "Add from the public bank" of a contest or a training (reference §3.12 get-problem-list, then
 * add-problem-from-public): a searchable, paged table of candidates, one Add button per row, and
 * one add at a time; after an add both the candidates and the parent's list are fetched again.
 */
export function PublicBankModal({
  open,
  onClose,
  queryKey,
  fetchPage,
  staleTime,
  onAdd,
  onAdded,
  addBlocked = false,
  addAriaLabel,
  pidWidth,
  toolbarExtra,
  texts,
}: PublicBankModalProps) {
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<number | null>(null);

  const candidates = useQuery({
    queryKey: [...queryKey, keyword, page],
    queryFn: () => fetchPage({ currentPage: page, limit: PAGE_SIZE, keyword: keyword || undefined }),
    enabled: open,
    // left out when not given, so the client's default applies
    ...(staleTime !== undefined && { staleTime }),
  });

  const add = async (row: AdminProblem) => {
    if (addBlocked) return;
    setAdding(row.id);
    try {
      await onAdd(row);
      await Promise.all([onAdded(), candidates.refetch()]);
    } catch {
      // the client has shown the server's message
    } finally {
      setAdding(null);
    }
  };

  const columns: TableColumnsType<AdminProblem> = [
    { title: texts.columns.pid, dataIndex: 'id', width: pidWidth },
    { title: texts.columns.problemId, dataIndex: 'problemId', width: 110, ellipsis: true },
    { title: texts.columns.title, dataIndex: 'title', ellipsis: true },
    { title: texts.columns.author, dataIndex: 'author', width: 110, ellipsis: true },
    {
      title: texts.columns.actions,
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          loading={adding === row.id}
          disabled={addBlocked || (adding !== null && adding !== row.id)}
          aria-label={addAriaLabel(row)}
          onClick={() => void add(row)}
        >
          {texts.add}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={texts.title}
      onCancel={onClose}
      footer={null}
      width={isMobile ? '100%' : 860}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="ap-alert" title={texts.hint} />
      <div className="ap-toolbar">
        <Input.Search
          className="ap-search"
          allowClear
          placeholder={texts.search}
          aria-label={texts.search}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        {toolbarExtra}
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
        locale={{ emptyText: texts.empty }}
      />
    </Modal>
  );
}
