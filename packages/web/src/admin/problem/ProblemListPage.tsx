import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCAL_OJ, PROBLEM_PAGE, REMOTE_OJS } from '@verdict/shared';
import {
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  changeProblemAuth,
  deleteProblem,
  downloadTestCases,
  getAdminProblemList,
  rejudgeProblem,
  type AdminProblem,
  importRemoteProblem,
} from '../../api/admin-problem';
import { RemoteImportButton } from '../common/RemoteImportButton';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import { mayDeleteProblem, mayEditProblem, mayPublish, mayRejudge } from './permissions';
import './admin-problem.css';
import { toast } from '../../feedback/toast';

const PAGE_SIZES = [10, 15, 30, 50, 100];
const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * /admin/problems (spec part 2 §2.7, reference §3.12): search, pages, the auth changed in place,
 * edit, test-case download, rejudge and delete. The query lives in the address, so Back returns to
 * the same page.
 */
export function ProblemListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const { userInfo } = useSession();
  const [search, setSearch] = useSearchParams();
  const currentPage = positiveInt(search.get('currentPage'), 1);
  const limit = positiveInt(search.get('limit'), PROBLEM_PAGE.adminDefault);
  const keyword = search.get('keyword') ?? '';
  const auth = positiveInt(search.get('auth'), 0);
  const oj = search.get('oj') ?? '';
  const [keywordInput, setKeywordInput] = useState(keyword);
  const [pending, setPending] = useState<
    Record<number, 'auth' | 'download' | 'rejudge' | 'delete' | undefined>
  >({});

  const params = {
    currentPage,
    limit,
    keyword: keyword || undefined,
    auth: auth || undefined,
    oj: oj || undefined,
  };
  const list = useQuery({
    queryKey: ['admin-problem', 'list', params],
    queryFn: () => getAdminProblemList(params),
    placeholderData: keepPreviousData,
  });

  const setQuery = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || value === '' || value === 0) next.delete(key);
      else next.set(key, String(value));
    }
    setSearch(next);
  };

  const busy = (pid: number, what: 'auth' | 'download' | 'rejudge' | 'delete' | undefined) =>
    setPending((p) => ({ ...p, [pid]: what }));
  const run = async (
    pid: number,
    what: 'auth' | 'download' | 'rejudge' | 'delete',
    action: () => Promise<void>,
  ) => {
    busy(pid, what);
    try {
      await action();
    } catch {
      // the client has shown the server's message
    } finally {
      busy(pid, undefined);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-problem', 'list'] });

  const authChange = useMutation({
    mutationFn: ({ id, value }: { id: number; value: number }) => changeProblemAuth(id, value),
  });

  const authOptions = (row: AdminProblem) => [
    { value: 1, label: t('adminProblem.auth.public'), disabled: !mayPublish(userInfo) && row.auth !== 1 },
    { value: 2, label: t('adminProblem.auth.private') },
    { value: 3, label: t('adminProblem.auth.contest'), disabled: row.auth !== 3 },
  ];

  const titleOf = (row: AdminProblem) =>
    mayEditProblem(userInfo, row.author) ? (
      <Link to={`/admin/problem/edit/${row.id}`}>{row.title}</Link>
    ) : (
      row.title
    );
  const problemIdOf = (row: AdminProblem) => (
    <Space size={4} wrap>
      <span className="ap-problem-id">{row.problemId}</span>
      {row.isRemote && <Tag color="purple">{t('adminProblem.list.remote')}</Tag>}
    </Space>
  );
  // Under 768 px the id and the title share a column, so the title stays readable.
  const identity: TableColumnsType<AdminProblem> = isMobile
    ? [
        {
          title: t('adminProblem.list.title'),
          key: 'problem',
          render: (_, row) => (
            <div className="ap-list-problem">
              {problemIdOf(row)}
              <div className="ap-list-title">{titleOf(row)}</div>
            </div>
          ),
        },
      ]
    : [
        { title: t('adminProblem.list.id'), dataIndex: 'id', width: 72, responsive: ['lg'] },
        {
          title: t('adminProblem.list.problemId'),
          dataIndex: 'problemId',
          width: 120,
          render: (_, row) => problemIdOf(row),
        },
        {
          title: t('adminProblem.list.title'),
          dataIndex: 'title',
          ellipsis: true,
          render: (_, row) => titleOf(row),
        },
      ];
  const columns: TableColumnsType<AdminProblem> = [
    ...identity,
    {
      title: t('adminProblem.list.type'),
      dataIndex: 'type',
      width: 70,
      responsive: ['md'],
      render: (value: number) => (
        <Tag color={value === 1 ? 'gold' : 'blue'}>
          {value === 1 ? t('adminProblem.type.oi') : t('adminProblem.type.acm')}
        </Tag>
      ),
    },
    {
      title: t('adminProblem.list.author'),
      dataIndex: 'author',
      width: 110,
      ellipsis: true,
      responsive: ['md'],
    },
    {
      title: t('adminProblem.list.modified'),
      dataIndex: 'gmtModified',
      width: 168,
      responsive: ['lg'],
      render: (value: string) => dayjs(value).format(DATE_FORMAT),
    },
    {
      title: t('adminProblem.list.auth'),
      dataIndex: 'auth',
      width: 116,
      render: (value: number, row) => (
        <Select<number>
          size="small"
          aria-label={`${t('adminProblem.list.auth')} ${row.problemId}`}
          value={value}
          loading={pending[row.id] === 'auth'}
          disabled={!mayEditProblem(userInfo, row.author) || pending[row.id] === 'auth'}
          options={authOptions(row)}
          onChange={(next) =>
            void run(row.id, 'auth', async () => {
              await authChange.mutateAsync({ id: row.id, value: next });
              toast.success(t('adminProblem.common.updated'));
              await refresh();
            })
          }
          style={{ width: 100 }}
        />
      ),
    },
    {
      title: t('adminProblem.common.actions'),
      key: 'actions',
      width: 168,
      fixed: isMobile ? undefined : 'right',
      render: (_, row) => {
        const editable = mayEditProblem(userInfo, row.author);
        return (
          <Space size={2}>
            <Tooltip title={editable ? t('adminProblem.common.edit') : t('adminProblem.list.notYours')}>
              {editable ? (
                <Link
                  to={`/admin/problem/edit/${row.id}`}
                  aria-label={`${t('adminProblem.common.edit')} ${row.problemId}`}
                >
                  <Button type="text" icon={<EditOutlined />} tabIndex={-1} />
                </Link>
              ) : (
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`${t('adminProblem.common.edit')} ${row.problemId}`}
                  disabled
                />
              )}
            </Tooltip>
            <Tooltip title={t('adminProblem.list.download')}>
              <Button
                type="text"
                icon={<DownloadOutlined />}
                aria-label={`${t('adminProblem.list.download')} ${row.problemId}`}
                disabled={!editable || row.isRemote}
                loading={pending[row.id] === 'download'}
                onClick={() => void run(row.id, 'download', () => downloadTestCases(row.id))}
              />
            </Tooltip>
            {mayRejudge(userInfo) && (
              <Popconfirm
                title={t('adminProblem.list.rejudgeConfirm', { problemId: row.problemId })}
                okText={t('adminProblem.common.confirm')}
                cancelText={t('adminProblem.common.cancel')}
                onConfirm={() =>
                  run(row.id, 'rejudge', async () => {
                    const answer = await rejudgeProblem(row.id);
                    toast.success(t('adminProblem.list.rejudged', { count: answer.data.count }));
                  })
                }
              >
                {/* no tooltip: it would cover the confirmation */}
                <Button
                  type="text"
                  icon={<SyncOutlined spin={pending[row.id] === 'rejudge'} />}
                  aria-label={`${t('adminProblem.list.rejudge')} ${row.problemId}`}
                  disabled={pending[row.id] === 'rejudge'}
                />
              </Popconfirm>
            )}
            {mayDeleteProblem(userInfo) ? (
              <Popconfirm
                title={t('adminProblem.list.deleteConfirm', { problemId: row.problemId })}
                okText={t('adminProblem.common.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('adminProblem.common.cancel')}
                onConfirm={() =>
                  run(row.id, 'delete', async () => {
                    await deleteProblem(row.id);
                    toast.success(t('adminProblem.common.deleted'));
                    // the last row of a page: go back one page
                    if (list.data && list.data.records.length === 1 && currentPage > 1)
                      setQuery({ currentPage: currentPage - 1 });
                    await refresh();
                  })
                }
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('adminProblem.common.delete')} ${row.problemId}`}
                  loading={pending[row.id] === 'delete'}
                />
              </Popconfirm>
            ) : (
              <Tooltip title={t('adminProblem.list.deleteNeedsRole')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('adminProblem.common.delete')} ${row.problemId}`}
                  disabled
                />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminProblemList')}
        </Typography.Title>
        <Space wrap>
          <RemoteImportButton
            importProblem={({ name, problemId }) => importRemoteProblem(name, problemId)}
            onImported={refresh}
          />
          <Link to="/admin/problem/create">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('adminProblem.list.create')}
            </Button>
          </Link>
        </Space>
      </div>
      <div className="ap-toolbar">
        <Input.Search
          className="ap-search"
          allowClear
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => setQuery({ keyword: value.trim(), currentPage: undefined })}
          placeholder={t('adminProblem.list.searchPlaceholder')}
          aria-label={t('adminProblem.common.search')}
          enterButton
        />
        <Select<number>
          className="ap-auth-filter"
          aria-label={t('adminProblem.list.auth')}
          value={auth}
          onChange={(value) => setQuery({ auth: value, currentPage: undefined })}
          options={[
            { value: 0, label: t('adminProblem.auth.all') },
            { value: 1, label: t('adminProblem.auth.public') },
            { value: 2, label: t('adminProblem.auth.private') },
            { value: 3, label: t('adminProblem.auth.contest') },
          ]}
        />
        <Select<string>
          className="ap-auth-filter"
          aria-label={t('adminProblem.list.oj')}
          value={oj}
          onChange={(value) => setQuery({ oj: value, currentPage: undefined })}
          options={[
            { value: '', label: t('adminProblem.list.allOj') },
            { value: LOCAL_OJ, label: t('adminProblem.list.localOj') },
            ...REMOTE_OJS.map((name) => ({ value: name, label: name })),
          ]}
        />
        <Tooltip title={t('adminProblem.common.refresh')}>
          <Button
            icon={<ReloadOutlined spin={list.isFetching} />}
            aria-label={t('adminProblem.common.refresh')}
            onClick={() => void list.refetch()}
          />
        </Tooltip>
      </div>
      <Table<AdminProblem>
        rowKey="id"
        size={isMobile ? 'small' : 'middle'}
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: isMobile ? 420 : 900 }}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          simple: isMobile,
          showTotal: (total) => t('adminProblem.list.total', { total }),
          onChange: (page, size) =>
            setQuery({
              currentPage: page === 1 ? undefined : page,
              limit: size === PROBLEM_PAGE.adminDefault ? undefined : size,
            }),
        }}
      />
    </div>
  );
}
