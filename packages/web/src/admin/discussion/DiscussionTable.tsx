import { DeleteOutlined } from '@ant-design/icons';
import type { DiscussionVO } from '@verdict/shared';
import { Button, Card, Input, Popconfirm, Switch, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteAdminDiscussions,
  getAdminDiscussions,
  updateAdminDiscussion,
} from '../../api/admin-discussion';
import { useIsMobile } from '../../layout/use-is-mobile';
import { CrudPageHead } from '../common/CrudPageHead';
import { useCrudList } from '../common/use-crud-list';
import { useRowAction } from '../common/use-row-action';

const PAGE_SIZE = 10;

/**
 * The discussions of the admin list (reference §3.12 "Discussions"): hidden ones included, a
 * search, the shown and pinned switches saved at once, and several deleted behind a confirmation.
 * Titles open the discussion on the user site in a new tab.
 */
export function DiscussionTable() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const list = useCrudList<DiscussionVO>(
    ['admin-discussion', 'list', keyword],
    (currentPage, limit) => getAdminDiscussions({ currentPage, limit, keyword: keyword || undefined }),
    PAGE_SIZE,
  );
  const { busy, act } = useRowAction(list.refresh);

  const removeSelected = async () => {
    if (await act('delete', () => deleteAdminDiscussions(selected), t('adminDiscussion.deleted'))) {
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
          <a href={`/discussion-detail/${row.id}`} target="_blank" rel="noopener noreferrer">
            {title}
          </a>
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
              () => updateAdminDiscussion({ id: row.id, status: shown ? 0 : 1 }),
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
              () => updateAdminDiscussion({ id: row.id, topPriority: next }),
              t('adminDiscussion.updated'),
            )
          }
        />
      ),
    },
    { title: t('adminDiscussion.author'), dataIndex: 'author', width: 120, ellipsis: true },
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
        title={t('title.adminDiscussion')}
        refreshLabel={t('adminDiscussion.refresh')}
        fetching={list.fetching}
        onRefresh={() => void list.refresh()}
      >
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
