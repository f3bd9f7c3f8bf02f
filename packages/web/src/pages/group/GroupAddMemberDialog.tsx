import { CheckOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Input, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { addGroupMember, searchGroupUsers, type GroupUserCandidateVO } from '../../api/group';
import { toast } from '../../feedback/toast';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { ADD_MEMBER_PAGE_SIZES, GROUP_MEMBER_AUTH, isInGroup } from './group-rules';
import { groupApplicationsKey, groupAuthKey, groupMembersKey } from './use-group';

const candidatesKey = (gid: number) => ['group-user-search', gid];

/** A long real name or school cut to the column (whole on hover), so the user type stays in view. */
const clipped = (text: string | null | undefined) =>
  text ? (
    <span className="group-add-member__clip" title={text}>
      {text}
    </span>
  ) : null;

/**
 * Spec part 2 §2.2 "Add Group Member": the site's users by keyword (username, nickname, real name,
 * school), with username (an applicant's or a refused user's level beside it), real name (when
 * the server gives it), school and user type; Add puts a user in at once (an application or a
 * refusal becomes the membership), "Joined" marks those in already. Page sizes 10/30/50/100; the
 * table scrolls inside the dialog on a narrow screen.
 */
export function GroupAddMemberDialog({
  gid,
  open,
  onClose,
}: {
  gid: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(ADD_MEMBER_PAGE_SIZES[0]);
  const [adding, setAdding] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...candidatesKey(gid), keyword, page, limit],
    queryFn: () => searchGroupUsers({ gid, keyword, currentPage: page, limit }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const records = list.data?.records ?? [];
  // the server sends real names to those who may read them (site user admins) only
  const withRealname = records.some((r) => r.realname !== undefined);

  const add = async (row: GroupUserCandidateVO) => {
    setAdding(row.uid);
    try {
      await addGroupMember(gid, row.uid);
      toast.success(t('group.addMember.added', { username: row.username }));
    } catch {
      // the client has shown the server's message
    } finally {
      setAdding(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: candidatesKey(gid) }),
        queryClient.invalidateQueries({ queryKey: groupMembersKey(gid) }),
        queryClient.invalidateQueries({ queryKey: groupApplicationsKey(gid) }),
        // site root may have added themselves
        queryClient.invalidateQueries({ queryKey: groupAuthKey(gid) }),
      ]);
    }
  };

  const columns: ColumnsType<GroupUserCandidateVO> = [
    {
      key: 'username',
      title: t('group.addMember.username'),
      render: (_, row) => (
        <span className="group-add-member__user">
          <Avatar size="small" src={row.avatar ?? undefined}>
            {row.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>
            <span className="group-add-member__name">{row.username}</span>
            {row.nickname ? <span className="group-home__muted"> {row.nickname}</span> : null}
          </span>
          {row.groupAuth > 0 && !isInGroup(row.groupAuth) ? (
            <Tag color={row.groupAuth === GROUP_MEMBER_AUTH.refused ? 'red' : 'gold'}>
              {t(`group.level.${row.groupAuth}`)}
            </Tag>
          ) : null}
        </span>
      ),
    },
    ...(withRealname
      ? [
          {
            key: 'realname',
            title: t('group.addMember.realname'),
            render: (_: unknown, row: GroupUserCandidateVO) => clipped(row.realname),
          },
        ]
      : []),
    {
      key: 'school',
      title: t('group.addMember.school'),
      render: (_, row) => clipped(row.school),
    },
    {
      key: 'role',
      title: t('group.addMember.userType'),
      render: (_, row) => <Tag>{t(`group.addMember.roles.${row.role}`, { defaultValue: row.role })}</Tag>,
    },
    {
      key: 'action',
      title: t('group.addMember.action'),
      fixed: mobile ? undefined : 'right',
      width: 110,
      render: (_, row) =>
        isInGroup(row.groupAuth) ? (
          <Button size="small" icon={<CheckOutlined />} disabled>
            {t('group.addMember.joined')}
          </Button>
        ) : (
          <Button
            size="small"
            type="primary"
            icon={<UserAddOutlined />}
            loading={adding === row.uid}
            disabled={adding !== null && adding !== row.uid}
            aria-label={t('group.addMember.addOf', { username: row.username })}
            onClick={() => void add(row)}
          >
            {t('group.addMember.add')}
          </Button>
        ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('group.addMember.title')}
      width={960}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('group.addMember.close')}</Button>}
      destroyOnHidden
      className="group-add-member"
    >
      <Input.Search
        className="group-add-member__search"
        allowClear
        enterButton
        placeholder={t('group.addMember.search')}
        aria-label={t('group.addMember.search')}
        loading={list.isFetching && keyword !== ''}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
      />
      <Table<GroupUserCandidateVO>
        rowKey="uid"
        size="small"
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('group.addMember.empty') }}
        onRow={(row) => ({ 'data-candidate': row.username }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ADD_MEMBER_PAGE_SIZES.map(String),
          showTotal: mobile ? undefined : (count) => t('group.addMember.total', { count }),
          size: 'small',
          onChange: (next, size) => {
            setPage(size === limit ? next : 1);
            setLimit(size);
          },
        }}
      />
    </Modal>
  );
}
