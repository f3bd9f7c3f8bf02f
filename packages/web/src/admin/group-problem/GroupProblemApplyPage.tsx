import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeApplyProgress, getApplyPublicList, type GroupAdminProblem } from '../../api/group-problem';
import { ApplyProgressTag } from '../../pages/group-problem/GroupProblemAdmin';
import { CrudPageHead } from '../common/CrudPageHead';
import { CrudTable } from '../common/CrudTable';
import { useCrudList } from '../common/use-crud-list';
import { useRowAction } from '../common/use-row-action';
import '../problem/admin-problem.css';

const PAGE_SIZE = 10;

/**
 * /admin/group-problem/apply (spec part 2 §2.7, reference §3.12 group-problem approval): the group
 * problems that applied to go public, newest first, searchable; approving (after a confirm) moves one
 * into the public bank, refusing records the refusal (the group may apply again).
 */
export function GroupProblemApplyPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const list = useCrudList<GroupAdminProblem>(
    ['admin-group-problem-apply', keyword],
    (currentPage, limit) => getApplyPublicList({ currentPage, limit, keyword: keyword || undefined }),
    PAGE_SIZE,
  );
  const { busy, act } = useRowAction(list.refresh);

  const decide = (row: GroupAdminProblem, progress: 2 | 3) =>
    act(
      `${progress}-${row.id}`,
      () => changeApplyProgress(row.id, progress),
      t(progress === 2 ? 'groupProblem.review.approved' : 'groupProblem.review.refused'),
    );

  const columns: TableColumnsType<GroupAdminProblem> = [
    {
      key: 'gid',
      title: t('groupProblem.review.group'),
      width: 80,
      render: (_, row) => (row.gid ? <a href={`/group/${row.gid}`}>{row.gid}</a> : '-'),
    },
    {
      key: 'problemId',
      dataIndex: 'problemId',
      title: t('groupProblem.review.problemId'),
      width: 130,
    },
    { key: 'title', dataIndex: 'title', title: t('groupProblem.review.problemTitle') },
    { key: 'author', dataIndex: 'author', title: t('groupProblem.review.author'), width: 120 },
    {
      key: 'time',
      dataIndex: 'gmtModified',
      title: t('groupProblem.review.time'),
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'progress',
      title: t('groupProblem.review.progress'),
      width: 100,
      render: (_, row) => <ApplyProgressTag progress={row.applyPublicProgress} />,
    },
    {
      key: 'actions',
      title: t('groupProblem.review.actions'),
      width: 210,
      render: (_, row) => {
        const open = row.applyPublicProgress === 1 || row.applyPublicProgress === 3;
        if (!open) return null;
        return (
          <Space size={4}>
            <Popconfirm
              title={t('groupProblem.review.approveConfirm', { problemId: row.problemId })}
              onConfirm={() => decide(row, 2)}
            >
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                loading={busy === `2-${row.id}`}
                aria-label={`${t('groupProblem.review.approve')} ${row.problemId}`}
              >
                {t('groupProblem.review.approve')}
              </Button>
            </Popconfirm>
            {row.applyPublicProgress === 1 ? (
              <Popconfirm
                title={t('groupProblem.review.refuseConfirm', { problemId: row.problemId })}
                okButtonProps={{ danger: true }}
                onConfirm={() => decide(row, 3)}
              >
                <Button
                  size="small"
                  danger
                  icon={<CloseOutlined />}
                  loading={busy === `3-${row.id}`}
                  aria-label={`${t('groupProblem.review.refuse')} ${row.problemId}`}
                >
                  {t('groupProblem.review.refuse')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="ap-page">
      <CrudPageHead
        title={t('groupProblem.review.title')}
        refreshLabel={t('groupProblem.review.refresh')}
        fetching={list.fetching}
        onRefresh={() => void list.refresh()}
      >
        <Input.Search
          allowClear
          placeholder={t('groupProblem.review.keyword')}
          aria-label={t('groupProblem.review.keyword')}
          onSearch={(value) => {
            setKeyword(value.trim());
            list.table.onPage(1);
          }}
        />
      </CrudPageHead>
      <Alert type="info" showIcon message={t('groupProblem.review.hint')} className="ap-section" />
      <CrudTable list={list} columns={columns} emptyText={t('groupProblem.review.empty')} scrollX={900} />
    </div>
  );
}
