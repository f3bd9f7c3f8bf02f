import { SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  deleteGroupDiscussion,
  getGroupAdminDiscussionList,
  updateGroupDiscussion,
} from '../../api/group-activity';
import { DiscussionTable, type DiscussionTableTarget } from '../../admin/discussion/DiscussionTable';
import { DiscussionListPage } from '../discussion/DiscussionListPage';
import { useGroupViewer } from '../group/use-group';
import '../../admin/problem/admin-problem.css';
import '../../admin/discussion/admin-discussion.css';
import './group-activity.css';

/**
 * A group's discussions (/group/:groupID/discussion[/:problemID], spec part 2 §2.2 "Group
 * discussion", reference §3.10): the site's discussion list told the group (its posts, post and
 * edit with the group's id, delete by the author or the group's admins). Group admins also get the
 * admin table (every post of the group, hidden ones too): the site admin's discussion table on the
 * group's calls, with the shown (status) and pinned switches, delete and view.
 */
export function GroupDiscussionListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const groupID = useParams().groupID ?? '';
  const gid = Number(groupID);
  const group = useGroupViewer(gid);
  const [params, setParams] = useSearchParams();
  const adminMode = group.admin && params.get('admin') === 'list';

  const target = useMemo<DiscussionTableTarget>(() => {
    // the members' list (not shown meanwhile) is read afresh after a change
    const stale = () => queryClient.invalidateQueries({ queryKey: ['discussion-list'] });
    return {
      queryKey: ['group-admin-discussion-list', gid],
      list: (currentPage, limit) => getGroupAdminDiscussionList({ gid, currentPage, limit }),
      searchable: false,
      // reference §3.10: HOJ's table sends the row back whole with its new status or pin
      update: async (row, change) => {
        await updateGroupDiscussion({
          id: row.id,
          gid,
          title: row.title ?? '',
          description: row.description ?? '',
          content: row.content ?? '',
          categoryId: row.categoryId,
          pid: row.pid,
          topPriority: change.topPriority ?? row.topPriority,
          status: change.status ?? (row.status === 1 ? 1 : 0),
        });
        await stale();
      },
      remove: async (ids) => {
        await Promise.all(ids.map((did) => deleteGroupDiscussion(did)));
        await stale();
      },
      detailPath: (row) => `/group/${gid}/discussion-detail/${row.id}`,
      inPlace: true,
    };
  }, [gid, queryClient]);

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
  return (
    <div className="group-activity ap-page" data-testid="group-discussion-admin">
      <DiscussionTable target={target} title={t('groupActivity.discussion.adminTitle')} head={toggle} />
    </div>
  );
}
