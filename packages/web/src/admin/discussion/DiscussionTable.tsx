import { DeleteOutlined } from '@ant-design/icons';
import type { DiscussionVO } from '@verdict/shared';
import { Button, Card, Input, Popconfirm, Switch, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  deleteAdminDiscussions,
  getAdminDiscussions,
  updateAdminDiscussion,
} from '../../api/admin-discussion';
import type { Page } from '../../api/http';
import { useIsMobile } from '../../layout/use-is-mobile';
import { CrudPageHead } from '../common/CrudPageHead';
import { useCrudList } from '../common/use-crud-list';
import { useRowAction } from '../common/use-row-action';

const PAGE_SIZE = 10;

/** Whose posts the table lists and how it changes them: the site's (the admin app) or a group's. */
export interface DiscussionTableTarget {
  queryKey: readonly unknown[];
  /** a page of posts, hidden ones included; `keyword` only where `searchable` */
  list: (currentPage: number, limit: number, keyword: string | undefined) => Promise<Page<DiscussionVO>>;
  searchable: boolean;
  /** shows or hides (`status`), or pins (`topPriority`), one post */
  update: (row: DiscussionVO, change: { status?: 0 | 1; topPriority?: boolean }) => Promise<unknown>;
  remove: (ids: number[]) => Promise<unknown>;
  /** where a title opens the post: the user site's page in a new tab, or in place (`inPlace`) */
  detailPath: (row: DiscussionVO) => string;
  inPlace: boolean;
}

/** reference §3.12 "Discussions": the site admin's calls. */
const SITE_TARGET: DiscussionTableTarget = {
  queryKey: ['admin-discussion', 'list'],
  list: (currentPage, limit, keyword) => getAdminDiscussions({ currentPage, limit, keyword }),
  searchable: true,
  update: (row, change) => updateAdminDiscussion({ id: row.id, ...change }),
  remove: deleteAdminDiscussions,
  detailPath: (row) => `/discussion-detail/${row.id}`,
  inPlace: false,
};

/**
 * The discussions of an admin list (reference §3.12 "Discussions"; a group's, spec part 2 §2.2
 * "Group discussion" admin table): hidden ones included, a search, the shown and pinned switches
 * saved at once, and several deleted behind a confirmation; a title opens the post. The site's by
 * default; a group gives its `target`, its `title` and its head buttons (`head`).
 */
export function DiscussionTable({
  target = SITE_TARGET,
  title,
  head,
}: {
  target?: DiscussionTableTarget;
  title?: string;
  head?: ReactNode;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const list = useCrudList<DiscussionVO>(
    [...target.queryKey, keyword],
    (currentPage, limit) => target.list(currentPage, limit, keyword || undefined),
    PAGE_SIZE,
  );
  const { busy, act } = useRowAction(list.refresh);

  const removeSelected = async () => {
    if (await act('delete', () => target.remove(selected), t('adminDiscussion.deleted'))) {
      setSelected([]);
    }
  };

  const columns: TableColumnsType<DiscussionVO> = [
    { title: t('adminDiscussion.id'), dataIndex: 'id', width: 70 },
    {
      title: t('adminDiscussion.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string | null, row) => (
        <span className="ad-title">
          {target.inPlace ? (
            <Link to={target.detailPath(row)}>{title}</Link>
          ) : (
            <a href={target.detailPath(row)} target="_blank" rel="noopener noreferrer">
              {title}
            </a>
          )}
          {row.status === 1 && <Tag color="default">{t('adminDiscussion.hiddenTag')}</Tag>}
        </span>
      ),
    },
    {
      title: t('adminDiscussion.shown'),
      dataIndex: 'status',
      width: 80,
      render: (status: number, row) => (
        <Switch
          size="small"
          checked={status === 0}
          loading={busy === `status-${row.id}`}
          aria-label={t('adminDiscussion.showLabel', { title: row.title ?? '' })}
          onChange={(shown) =>
            void act(
              `status-${row.id}`,
              () => target.update(row, { status: shown ? 0 : 1 }),
              t('adminDiscussion.updated'),
            )
          }
        />
      ),
    },
    {
      title: t('adminDiscussion.pinned'),
      dataIndex: 'topPriority',
      width: 80,
      render: (pinned: boolean, row) => (
        <Switch
          size="small"
          checked={pinned}
          loading={busy === `pin-${row.id}`}
          aria-label={t('adminDiscussion.pinLabel', { title: row.title ?? '' })}
          onChange={(next) =>
            void act(
              `pin-${row.id}`,
              () => target.update(row, { topPriority: next }),
              t('adminDiscussion.updated'),
            )
          }
        />
      ),
    },
    { title: t('adminDiscussion.author'), dataIndex: 'author', width: 120, ellipsis: true },
    { title: t('adminDiscussion.likes'), dataIndex: 'likeNum', width: 70, responsive: ['lg'] },
    { title: t('adminDiscussion.views'), dataIndex: 'viewNum', width: 70, responsive: ['lg'] },
    {
      title: t('adminDiscussion.category'),
      dataIndex: 'categoryName',
      width: 110,
      ellipsis: true,
      responsive: ['lg'],
    },
    {
      title: t('adminDiscussion.created'),
      dataIndex: 'gmtCreate',
      width: 150,
      responsive: ['xl'],
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const { rows, loading, page, total, onPage } = list.table;
  return (
    <>
      <CrudPageHead
        title={title ?? t('title.adminDiscussion')}
        refreshLabel={t('adminDiscussion.refresh')}
        fetching={list.fetching}
        onRefresh={() => void list.refresh()}
      >
        {head}
        <Popconfirm
          title={t('adminDiscussion.deleteConfirm', { count: selected.length })}
          okText={t('adminDiscussion.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('adminDiscussion.cancel')}
          onConfirm={removeSelected}
          disabled={selected.length === 0}
          overlayStyle={{ maxWidth: 360 }}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={busy === 'delete'}
          >
            {t('adminDiscussion.deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      </CrudPageHead>
      <Card>
        {target.searchable ? (
          <div className="ap-toolbar">
            <Input.Search
              className="ap-search"
              allowClear
              placeholder={t('adminDiscussion.search')}
              aria-label={t('adminDiscussion.search')}
              onSearch={(value) => {
                setKeyword(value.trim());
                setSelected([]);
                onPage(1);
              }}
            />
          </div>
        ) : null}
        <Table<DiscussionVO>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={loading}
          scroll={{ x: 560 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            simple: isMobile,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: onPage,
          }}
          locale={{ emptyText: t('adminDiscussion.empty') }}
        />
      </Card>
    </>
  );
}
