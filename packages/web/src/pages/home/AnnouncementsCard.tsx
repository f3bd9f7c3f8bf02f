import { ArrowLeftOutlined, NotificationOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnnouncementVO } from '@verdict/shared';
import { Button, Card, Empty, List, Pagination, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCommonAnnouncements } from '../../api/home';
import { LazyMarkdown } from '../../components/markdown/LazyMarkdown';

/** Spec part 1 §9: announcements 5 a page. */
const PAGE_SIZE = 5;

const when = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm');

/**
 * Spec part 1 §2 "Home": the site announcements, 5 a page, newest first; a title opens the whole
 * announcement (markdown through the sanitising renderer) in the card, with a way back to the list.
 */
export function AnnouncementsCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AnnouncementVO | null>(null);
  const list = useQuery({
    queryKey: ['common-announcements', page],
    queryFn: () => getCommonAnnouncements(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  const title = open ? (
    <span className="home-announcement__detail-title">
      <Button
        type="text"
        size="small"
        icon={<ArrowLeftOutlined />}
        onClick={() => setOpen(null)}
        aria-label={t('home.announcementBack')}
      />
      {open.title}
    </span>
  ) : (
    <span>
      <NotificationOutlined /> {t('home.announcements')}
    </span>
  );

  return (
    <Card className="home-card home-announcements" title={title}>
      {open ? (
        <article className="home-announcement">
          <Typography.Text type="secondary" className="home-announcement__meta">
            {t('home.announcementMeta', { username: open.username ?? '', time: when(open.gmtCreate) })}
          </Typography.Text>
          <LazyMarkdown source={open.content ?? ''} />
          <Button icon={<ArrowLeftOutlined />} onClick={() => setOpen(null)}>
            {t('home.announcementBack')}
          </Button>
        </article>
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !list.data || list.data.records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noAnnouncements')} />
      ) : (
        <>
          <List
            className="home-announcement-list"
            loading={list.isFetching && list.isPlaceholderData}
            dataSource={list.data.records}
            renderItem={(item) => (
              <List.Item key={item.id}>
                <button type="button" className="home-announcement-list__title" onClick={() => setOpen(item)}>
                  {item.title}
                </button>
                <span className="home-announcement-list__time">{when(item.gmtCreate)}</span>
              </List.Item>
            )}
          />
          {list.data.total > PAGE_SIZE ? (
            <Pagination
              className="home-pagination"
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
