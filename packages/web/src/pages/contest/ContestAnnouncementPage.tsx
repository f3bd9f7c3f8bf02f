import { NotificationOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Collapse, Empty, Pagination, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getContestAnnouncements } from '../../api/contest';
import { Markdown } from '../../components/markdown';
import { markAnnouncementsRead } from './announcement-reads';
import { useContestContext } from './contest-context';
import { unreadAnnouncementsKey } from './use-announcement-notice';

/** Spec part 1 §9: contest announcements, 10 a page (reference §3.6 limit=10). */
const PAGE_SIZE = 10;

/**
 * The Announcements tab (spec part 1 §2): the contest's announcements, newest first, each opening
 * to its text. What is listed counts as read, so the "new announcement" notice stops naming it.
 */
export function ContestAnnouncementPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { cid } = useContestContext();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['contest-announcements', cid, page],
    queryFn: () => getContestAnnouncements(cid, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const records = list.data?.records;

  useEffect(() => {
    if (!records || records.length === 0) return;
    markAnnouncementsRead(
      cid,
      records.map((item) => item.id),
    );
    void queryClient.invalidateQueries({ queryKey: unreadAnnouncementsKey(cid) });
  }, [records, cid, queryClient]);

  return (
    <Card
      className="contest-announcements"
      title={
        <>
          <NotificationOutlined /> {t('contest.tabs.announcements')}
        </>
      }
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !records || records.length === 0 ? (
        <Empty description={t('contest.announcements.none')} />
      ) : (
        <Collapse
          className="contest-announcements__list"
          defaultActiveKey={records[0] ? [String(records[0].id)] : []}
          items={records.map((item) => ({
            key: String(item.id),
            label: (
              <span className="contest-announcements__head">
                <span className="contest-announcements__title">{item.title}</span>
                <span className="contest-announcements__meta">
                  {item.username ?? ''} · {dayjs(item.gmtCreate).format('YYYY-MM-DD HH:mm')}
                </span>
              </span>
            ),
            children: <Markdown source={item.content} />,
          }))}
        />
      )}
      <Pagination
        className="contest-announcements__pages"
        current={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        onChange={setPage}
      />
    </Card>
  );
}
