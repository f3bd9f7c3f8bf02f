import { DeleteOutlined, EyeOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DiscussionVO } from '../../api/discussion';
import { deleteGroupDiscussion, getGroupAdminDiscussionList } from '../../api/group-activity';
import { toast } from '../../feedback/toast';
import { DiscussionListPage } from '../discussion/DiscussionListPage';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { useGroupViewer } from '../group/use-group';
import './group-activity.css';

/**
 * A group's discussions (/group/:groupID/discussion[/:problemID], spec part 2 §2.2 "Group
 * discussion", reference §3.10): the site's discussion list told the group (its posts, post and
 * edit with the group's id, delete by the author or the group's admins). Group admins also get the
 * admin table (every post of the group, hidden ones too) with delete and view.
 */
export function GroupDiscussionListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const groupID = useParams().groupID ?? '';
  const gid = Number(groupID);
  const group = useGroupViewer(gid);
  const [params, setParams] = useSearchParams();
  const adminMode = group.admin && params.get('admin') === 'list';
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);

  const adminList = useQuery({
    queryKey: ['group-admin-discussion-list', gid, page],
    queryFn: () => getGroupAdminDiscussionList({ gid, currentPage: page, limit: 10 }),
    enabled: adminMode,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const toggle = group.admin ? (
    <Button
      icon={adminMode ? <UnorderedListOutlined /> : <SettingOutlined />}
      onClick={() => setParams(adminMode ? {} : { admin: 'list' })}
    >
      {t(adminMode ? 'groupActivity.discussion.memberView' : 'groupActivity.discussion.admin')}
    </Button>
  ) : null;

  if (!adminMode) {
    return (
      <div className="group-activity">
        {toggle ? <div className="group-activity__bar">{toggle}</div> : null}
        <DiscussionListPage />
      </div>
    );
  }

  const remove = async (row: DiscussionVO) => {
    setBusy(row.id);
    try {
      await deleteGroupDiscussion(row.id);
      toast.success(t('groupActivity.common.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['group-admin-discussion-list', gid] });
      await queryClient.invalidateQueries({ queryKey: ['discussion-list'] });
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<DiscussionVO> = [
    { key: 'id', title: t('groupActivity.discussion.id'), dataIndex: 'id', width: 70 },
    { key: 'title', title: t('groupActivity.discussion.title'), dataIndex: 'title', ellipsis: true },
    { key: 'author', title: t('groupActivity.discussion.author'), dataIndex: 'author', width: 110 },
    {
      key: 'likes',
      title: t('groupActivity.discussion.likes'),
      dataIndex: 'likeNum',
      width: 70,
      responsive: ['md'],
    },
    {
      key: 'views',
      title: t('groupActivity.discussion.views'),
      dataIndex: 'viewNum',
      width: 70,
      responsive: ['md'],
    },
    {
      key: 'created',
      title: t('groupActivity.discussion.created'),
      width: 150,
      responsive: ['lg'],
      render: (_, row) => dayjs(row.gmtCreate).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'status',
      title: t('groupActivity.discussion.status'),
      width: 90,
      render: (_, row) => (
        <Space size={4}>
          <Tag color={row.status === 1 ? 'default' : 'green'}>
            {t(
              row.status === 1
                ? 'groupActivity.discussion.statusHidden'
                : 'groupActivity.discussion.statusShown',
            )}
          </Tag>
          {row.topPriority ? <Tag color="red">{t('groupActivity.discussion.top')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('groupActivity.common.actions'),
      width: 100,
      render: (_, row) => (
        <Space size={0}>
          <Tooltip title={t('groupActivity.common.view')}>
            <Link to={`/group/${groupID}/discussion-detail/${row.id}`}>
              <Button
                type="text"
                icon={<EyeOutlined />}
                aria-label={`${t('groupActivity.common.view')} ${row.title}`}
              />
            </Link>
          </Tooltip>
          <Popconfirm
            title={t('groupActivity.discussion.deleteConfirm')}
            okButtonProps={{ danger: true }}
            okText={t('groupActivity.common.delete')}
            cancelText={t('groupActivity.common.cancel')}
            onConfirm={() => remove(row)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              loading={busy === row.id}
              aria-label={`${t('groupActivity.common.delete')} ${row.title}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="group-activity" title={t('groupActivity.discussion.adminTitle')} extra={toggle}>
      <Table<DiscussionVO>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={adminList.data?.records ?? []}
        loading={adminList.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: adminList.data?.total ?? 0,
          hideOnSinglePage: true,
          simple: mobile,
          onChange: setPage,
        }}
        locale={{
          emptyText: adminList.isError
            ? t('groupActivity.common.loadFailed')
            : t('groupActivity.discussion.empty'),
        }}
      />
    </Card>
  );
}
