import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  RollbackOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  applyGroupProblemPublic,
  changeGroupProblemAuth,
  deleteGroupProblem,
  getGroupAdminProblemList,
  type ApplyProgress,
  type GroupAdminProblem,
} from '../../api/group-problem';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import { canChangeGroupContent, type GroupViewer } from '../group/group-rules';
import { groupProblemListKey } from './use-group-id';

const PAGE_SIZE = 10;

const PROGRESS_COLORS: Record<1 | 2 | 3, string> = { 1: 'processing', 2: 'success', 3: 'error' };
const PROGRESS_KEYS = { 1: 'applying', 2: 'public', 3: 'refused' } as const;

/** A problem's public application: none, applying, public or refused (reference §4.2). */
export function ApplyProgressTag({ progress }: { progress: ApplyProgress }) {
  const { t } = useTranslation();
  if (progress === null) return <Tag>{t('groupProblem.progress.none')}</Tag>;
  return <Tag color={PROGRESS_COLORS[progress]}>{t(`groupProblem.progress.${PROGRESS_KEYS[progress]}`)}</Tag>;
}

/**
 * The admin mode of a group's problem tab (spec part 2 §2.2 "Group problem admin", reference §3.10):
 * every problem of the group with create, edit and delete, the auth select, and the application to
 * go public (applying can be cancelled; public and refused are shown). What a row's author or the
 * group's root may do (reference §7.12) is disabled for the others, with the reason.
 */
export function GroupProblemAdmin({ gid, viewer }: { gid: number; viewer: GroupViewer }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const [, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const key = ['group-admin-problem-list', gid, page, keyword] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      getGroupAdminProblemList({ gid, currentPage: page, limit: PAGE_SIZE, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const mayChange = (row: GroupAdminProblem) =>
    canChangeGroupContent(viewer, userInfo, { author: row.author });

  const act = async (busyKey: string, action: () => Promise<unknown>, done: string) => {
    setBusy(busyKey);
    try {
      await action();
      toast.success(done);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['group-admin-problem-list', gid] }),
        queryClient.invalidateQueries({ queryKey: groupProblemListKey(gid) }),
      ]);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const open = (next: Record<string, string>) => setParams(new URLSearchParams({ admin: '1', ...next }));

  const columns: ColumnsType<GroupAdminProblem> = [
    {
      key: 'problemId',
      dataIndex: 'problemId',
      title: t('groupProblem.list.id'),
      width: 130,
      render: (value: string) => <span className="problem-list__id">{value}</span>,
    },
    {
      key: 'title',
      title: t('groupProblem.list.problemTitle'),
      render: (_, row) => (
        <Link to={`/group/${gid}/problem/${encodeURIComponent(row.problemId)}`}>{row.title}</Link>
      ),
    },
    {
      key: 'author',
      dataIndex: 'author',
      title: t('groupProblem.admin.author'),
      width: 120,
      responsive: ['lg'],
    },
    {
      key: 'auth',
      title: t('groupProblem.admin.auth'),
      width: 130,
      render: (_, row) => (
        <Select
          className="group-problem-admin__auth"
          size="small"
          value={row.auth}
          disabled={!mayChange(row) || busy !== null}
          title={mayChange(row) ? undefined : t('group.notYours')}
          aria-label={`${t('groupProblem.admin.auth')} ${row.problemId}`}
          onChange={(auth: number) =>
            void act(
              `auth-${row.id}`,
              () => changeGroupProblemAuth(row.id, auth),
              t('groupProblem.admin.authChanged'),
            )
          }
          options={[
            { value: 1, label: t('groupProblem.auth.public'), title: t('groupProblem.auth.publicHint') },
            { value: 2, label: t('groupProblem.auth.private'), title: t('groupProblem.auth.privateHint') },
            { value: 3, label: t('groupProblem.auth.contest'), title: t('groupProblem.auth.contestHint') },
          ]}
        />
      ),
    },
    {
      key: 'progress',
      title: t('groupProblem.admin.progress'),
      width: 120,
      render: (_, row) => <ApplyProgressTag progress={row.applyPublicProgress} />,
    },
    {
      key: 'modified',
      dataIndex: 'gmtModified',
      title: t('groupProblem.admin.modified'),
      width: 150,
      responsive: ['lg'],
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('groupProblem.admin.actions'),
      width: 150,
      render: (_, row) => {
        const allowed = mayChange(row);
        const reason = allowed ? undefined : t('group.notYours');
        const applying = row.applyPublicProgress === 1;
        const canApply = row.applyPublicProgress === null || row.applyPublicProgress === 3;
        return (
          <Space size={4}>
            <Tooltip title={reason ?? t('groupProblem.admin.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${t('groupProblem.admin.edit')} ${row.problemId}`}
                disabled={!allowed}
                onClick={() => open({ edit: String(row.id) })}
              />
            </Tooltip>
            {applying || canApply ? (
              <Popconfirm
                title={t(applying ? 'groupProblem.admin.cancelConfirm' : 'groupProblem.admin.applyConfirm', {
                  problemId: row.problemId,
                })}
                disabled={!allowed}
                onConfirm={() =>
                  act(
                    `apply-${row.id}`,
                    () => applyGroupProblemPublic(row.id, !applying),
                    t(applying ? 'groupProblem.admin.cancelled' : 'groupProblem.admin.applied'),
                  )
                }
              >
                <Tooltip
                  title={
                    reason ??
                    t(applying ? 'groupProblem.admin.cancelApply' : 'groupProblem.admin.applyPublic')
                  }
                >
                  <Button
                    size="small"
                    icon={applying ? <RollbackOutlined /> : <CloudUploadOutlined />}
                    aria-label={`${t(applying ? 'groupProblem.admin.cancelApply' : 'groupProblem.admin.applyPublic')} ${row.problemId}`}
                    disabled={!allowed}
                    loading={busy === `apply-${row.id}`}
                  />
                </Tooltip>
              </Popconfirm>
            ) : null}
            <Popconfirm
              title={t('groupProblem.admin.deleteConfirm', { problemId: row.problemId })}
              disabled={!allowed}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                act(`delete-${row.id}`, () => deleteGroupProblem(row.id), t('groupProblem.admin.deleted'))
              }
            >
              <Tooltip title={reason ?? t('groupProblem.admin.delete')}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('groupProblem.admin.delete')} ${row.problemId}`}
                  disabled={!allowed}
                  loading={busy === `delete-${row.id}`}
                />
              </Tooltip>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      className="group-problem-card"
      title={t('groupProblem.admin.title')}
      extra={
        <Button icon={<UnorderedListOutlined />} onClick={() => setParams(new URLSearchParams())}>
          {mobile ? null : t('groupProblem.list.memberMode')}
        </Button>
      }
    >
      <div className="group-problem-admin__head">
        <Input.Search
          className="group-problem-admin__search"
          allowClear
          placeholder={t('groupProblem.review.keyword')}
          aria-label={t('groupProblem.review.keyword')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Space wrap>
          <Tooltip title={t('groupProblem.list.refresh')}>
            <Button
              icon={<ReloadOutlined spin={list.isFetching} />}
              aria-label={t('groupProblem.list.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ create: '1' })}>
            {t('groupProblem.admin.create')}
          </Button>
        </Space>
      </div>
      <Table<GroupAdminProblem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('groupProblem.list.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          simple: mobile,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
