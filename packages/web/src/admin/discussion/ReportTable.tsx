import type { DiscussionReportVO } from '@verdict/shared';
import { Button, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getDiscussionReports, setDiscussionReportState } from '../../api/admin-discussion';
import { CrudPageHead } from '../common/CrudPageHead';
import { CrudTable } from '../common/CrudTable';
import { useCrudList } from '../common/use-crud-list';
import { useRowAction } from '../common/use-row-action';

const PAGE_SIZE = 10;

/**
 * The discussion reports (reference §3.12 `discussion-report`): unhandled first, each with the
 * reported discussion (opened on the user site), the reporter, the tags and reason, its state and
 * a button that marks it handled or back to unhandled.
 */
export function ReportTable() {
  const { t } = useTranslation();
  const list = useCrudList<DiscussionReportVO>(
    ['admin-discussion', 'reports'],
    getDiscussionReports,
    PAGE_SIZE,
  );
  const { busy, act } = useRowAction(list.refresh);

  const columns: TableColumnsType<DiscussionReportVO> = [
    {
      title: t('adminDiscussion.report.discussion'),
      key: 'discussion',
      width: 200,
      ellipsis: true,
      render: (_, row) =>
        row.did !== null && row.discussionTitle !== null ? (
          <a href={`/discussion-detail/${row.did}`} target="_blank" rel="noopener noreferrer">
            {row.discussionTitle}
          </a>
        ) : (
          t('adminDiscussion.report.discussionGone')
        ),
    },
    { title: t('adminDiscussion.report.reporter'), dataIndex: 'reporter', width: 110, ellipsis: true },
    { title: t('adminDiscussion.report.content'), dataIndex: 'content', className: 'ad-report-content' },
    {
      title: t('adminDiscussion.report.state'),
      dataIndex: 'status',
      width: 90,
      render: (handled: boolean) =>
        handled ? (
          <Tag color="green">{t('adminDiscussion.report.handled')}</Tag>
        ) : (
          <Tag color="red">{t('adminDiscussion.report.unhandled')}</Tag>
        ),
    },
    {
      title: t('adminDiscussion.report.created'),
      dataIndex: 'gmtCreate',
      width: 140,
      responsive: ['lg'],
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('adminDiscussion.report.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Button
          size="small"
          loading={busy === `report-${row.id}`}
          onClick={() =>
            void act(
              `report-${row.id}`,
              () => setDiscussionReportState(row.id, !row.status),
              t('adminDiscussion.updated'),
            )
          }
        >
          {row.status ? t('adminDiscussion.report.markUnhandled') : t('adminDiscussion.report.markHandled')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <CrudPageHead
        title={t('adminDiscussion.tabReports')}
        refreshLabel={t('adminDiscussion.refresh')}
        fetching={list.fetching}
        onRefresh={() => void list.refresh()}
      />
      <CrudTable<DiscussionReportVO>
        list={list}
        columns={columns}
        emptyText={t('adminDiscussion.report.empty')}
        scrollX={640}
      />
    </>
  );
}
