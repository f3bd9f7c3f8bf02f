import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  createContestAnnouncement,
  deleteContestAnnouncement,
  getAdminContest,
  getContestAnnouncements,
  updateContestAnnouncement,
} from '../../api/admin-contest';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { AnnouncementManager, type AnnouncementSource } from '../content/AnnouncementManager';
import { contestPaths } from './paths';

/**
 * /admin/contest/:contestId/announcement (spec part 2 §2.7, reference §3.12 "Contests"): the
 * contest's announcements, with the site announcement screen's table, switch and markdown dialog.
 */
export function ContestAnnouncementPage() {
  const { t } = useTranslation();
  const cid = Number(useParams().contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const contest = useQuery({
    queryKey: ['admin-contest', 'detail', cid],
    queryFn: () => getAdminContest(cid),
    enabled: valid,
  });
  const source = useMemo<AnnouncementSource>(
    () => ({
      queryKey: ['admin-contest', 'announcements', cid],
      load: (currentPage, limit) => getContestAnnouncements(cid, currentPage, limit),
      save: (announcement) =>
        announcement.id
          ? updateContestAnnouncement({ cid, announcement })
          : createContestAnnouncement({ cid, announcement }),
      remove: deleteContestAnnouncement,
    }),
    [cid],
  );
  if (!valid) return <NotFoundResult backTo={contestPaths.list} backLabel={t('adminContest.common.back')} />;
  return (
    <AnnouncementManager
      source={source}
      title={t('adminContest.announcement.heading', { id: cid })}
      subtitle={contest.data?.title}
      headExtra={
        <Link to={contestPaths.list}>
          <Button icon={<ArrowLeftOutlined />}>{t('adminContest.common.back')}</Button>
        </Link>
      }
      statusLabel={t('adminContest.announcement.visibleInContest')}
    />
  );
}
