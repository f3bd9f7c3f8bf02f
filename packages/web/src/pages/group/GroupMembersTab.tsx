import { CheckOutlined, CloseOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  getGroupApplications,
  getGroupMembers,
  removeGroupMember,
  updateGroupMember,
  type GroupMemberVO,
} from '../../api/group';
import { toast } from '../../feedback/toast';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { GroupAddMemberDialog } from './GroupAddMemberDialog';
import {
  canAddMember,
  canRemoveMember,
  GROUP_MEMBER_AUTH,
  GROUP_MEMBER_PAGE_SIZE,
  isGroupAdmin,
  MEMBER_LEVELS,
  memberAuthOptionDisabled,
  memberAuthSelectDisabled,
} from './group-rules';
import { groupApplicationsKey, groupMembersKey, useGroupContext } from './use-group';

const when = (value: string) => (
  <time dateTime={value} title={dayjs(value).format('YYYY-MM-DD HH:mm:ss')}>
    {dayjs(value).format('YYYY-MM-DD HH:mm')}
  </time>
);

/** A group's applications with Approve and Refuse (with an optional reason), for group admins. */
function Applications() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { gid } = useGroupContext();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [page, setPage] = useState(1);
  const [refusing, setRefusing] = useState<GroupMemberVO | null>(null);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...groupApplicationsKey(gid), page],
    queryFn: () => getGroupApplications({ gid, currentPage: page, limit: GROUP_MEMBER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const decide = async (row: GroupMemberVO, auth: number, refusalReason?: string) => {
    setBusy(row.uid);
    try {
      await updateGroupMember({ gid, uid: row.uid, auth, refusalReason });
      toast.success(
        t(auth === GROUP_MEMBER_AUTH.refused ? 'group.member.refusedDone' : 'group.member.approved'),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupApplicationsKey(gid) }),
        queryClient.invalidateQueries({ queryKey: groupMembersKey(gid) }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<GroupMemberVO> = [
    {
      key: 'username',
      title: t('group.member.username'),
      render: (_, row) => (
        <Link to={`/user-home?username=${encodeURIComponent(row.username)}`}>{row.username}</Link>
      ),
    },
    { key: 'reason', title: t('group.member.reason'), dataIndex: 'reason', ellipsis: !mobile },
    {
      key: 'auth',
      title: t('group.member.auth'),
      width: 100,
      render: (_, row) => (
        <Tag color={row.auth === GROUP_MEMBER_AUTH.refused ? 'red' : 'gold'}>
          {t(`group.level.${row.auth}`)}
        </Tag>
      ),
    },
    {
      key: 'time',
      title: t('group.member.applyTime'),
      width: 150,
      responsive: ['md'],
      render: (_, row) => when(row.gmtCreate),
    },
    {
      key: 'actions',
      title: t('group.member.actions'),
      width: 200,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            loading={busy === row.uid}
            aria-label={`${t('group.member.approve')} ${row.username}`}
            onClick={() => void decide(row, GROUP_MEMBER_AUTH.member)}
          >
            {t('group.member.approve')}
          </Button>
          {row.auth === GROUP_MEMBER_AUTH.applying ? (
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              aria-label={`${t('group.member.refuse')} ${row.username}`}
              onClick={() => {
                setRefusal('');
                setRefusing(row);
              }}
            >
              {t('group.member.refuse')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('group.member.applications')} data-testid="group-applications">
      <Table<GroupMemberVO>
        rowKey="uid"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('group.member.noApplications') }}
        pagination={{
          current: page,
          pageSize: GROUP_MEMBER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
      <Modal
        open={refusing !== null}
        title={t('group.member.refuseTitle', { username: refusing?.username ?? '' })}
        okText={t('group.member.confirm')}
        cancelText={t('group.member.cancel')}
        okButtonProps={{ danger: true, loading: refusing !== null && busy === refusing.uid }}
        onCancel={() => setRefusing(null)}
        onOk={() => {
          if (!refusing) return;
          void decide(refusing, GROUP_MEMBER_AUTH.refused, refusal.trim() || undefined).then((done) => {
            if (done) setRefusing(null);
          });
        }}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t('group.member.refuseReason')}
          placeholder={t('group.member.refuseReason')}
          value={refusal}
          maxLength={100}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => setRefusal(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

/**
 * The members tab (spec part 2 §2.2, §6): username (to the user's home), level, join and change
 * times; for group admins the level select and Remove under the rules of §6, Add Group Member and
 * the applications.
 */
export function GroupMembersTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const state = useGroupContext();
  const { gid, group, viewer, uid } = state;
  const admin = isGroupAdmin(viewer);
  const adds = canAddMember(viewer, group);
  const [adding, setAdding] = useState(false);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...groupMembersKey(gid), page, keyword],
    queryFn: () => getGroupMembers({ gid, currentPage: page, limit: GROUP_MEMBER_PAGE_SIZE, keyword }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const ownerUid = group?.uid ?? '';

  const changeLevel = async (row: GroupMemberVO, auth: number) => {
    setBusy(row.uid);
    try {
      await updateGroupMember({ gid, uid: row.uid, auth });
      toast.success(t('group.member.authChanged'));
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: groupMembersKey(gid) });
    }
  };

  const remove = (row: GroupMemberVO) =>
    modal.confirm({
      title: t('group.member.remove'),
      content: t('group.member.removeConfirm', { username: row.username }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeGroupMember(gid, row.uid);
          toast.success(t('group.member.removed'));
          await queryClient.invalidateQueries({ queryKey: groupMembersKey(gid) });
        } catch {
          // shown by the client
        }
      },
    });

  const columns: ColumnsType<GroupMemberVO> = [
    {
      key: 'username',
      title: t('group.member.username'),
      render: (_, row) => (
        <Link to={`/user-home?username=${encodeURIComponent(row.username)}`}>{row.username}</Link>
      ),
    },
    {
      key: 'auth',
      title: t('group.member.auth'),
      width: 160,
      render: (_, row) =>
        admin ? (
          <Select<number>
            className="group-member__select"
            size="small"
            aria-label={t('group.member.authOf', { username: row.username })}
            value={row.auth}
            loading={busy === row.uid}
            disabled={memberAuthSelectDisabled(viewer, row, ownerUid)}
            onChange={(auth) => void changeLevel(row, auth)}
            options={MEMBER_LEVELS.map((level) => ({
              value: level,
              label: t(`group.level.${level}`),
              disabled: memberAuthOptionDisabled(viewer, row, level),
            }))}
          />
        ) : (
          <span data-testid="member-auth">{t(`group.level.${row.auth}`)}</span>
        ),
    },
    { key: 'joined', title: t('group.member.joinTime'), width: 150, render: (_, row) => when(row.gmtCreate) },
    {
      key: 'changed',
      title: t('group.member.changeTime'),
      width: 150,
      responsive: ['md'],
      render: (_, row) => when(row.gmtModify),
    },
    ...(admin
      ? [
          {
            key: 'actions',
            title: t('group.member.actions'),
            width: 100,
            render: (_: unknown, row: GroupMemberVO) =>
              canRemoveMember(viewer, row, uid, ownerUid) ? (
                <Tooltip title={t('group.member.remove')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('group.member.remove')} ${row.username}`}
                    onClick={() => remove(row)}
                  />
                </Tooltip>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <div className="group-panel">
      <Card title={t('group.member.title')} data-testid="group-members">
        <div className="group-panel__bar">
          <Input.Search
            className="group-panel__search"
            allowClear
            placeholder={t('group.member.search')}
            aria-label={t('group.member.search')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
          />
          {adds ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
              {t('group.addMember.open')}
            </Button>
          ) : null}
        </div>
        <Table<GroupMemberVO>
          rowKey="uid"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('group.member.empty') }}
          onRow={(row) => ({ 'data-member': row.username }) as HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: GROUP_MEMBER_PAGE_SIZE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </Card>
      {admin ? <Applications /> : null}
      {adds ? <GroupAddMemberDialog gid={gid} open={adding} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
