import {
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, List, Pagination, Radio, Skeleton, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getContestList, type ContestSummary } from '../../api/contest';
import { positiveInt } from '../problem/problem-utils';
import { requireLogin } from '../problem/require-login';
import { CONTEST_STATUS } from './clock/contest-clock';
import { CONTEST_TYPE } from './contest-rules';
import { ContestAuthTag, ContestLock, ContestStatusTag, useDurationText } from './ContestTags';
import './contest.css';

/** Spec part 1 §2 "Contest list": 10 a page. */
const PAGE_SIZE = 10;

interface ListQuery {
  status: number | undefined;
  type: number | undefined;
  keyword: string;
  currentPage: number;
}

function readQuery(params: URLSearchParams): ListQuery {
  const status = params.get('status');
  const type = params.get('type');
  return {
    status: status !== null && /^(-1|0|1)$/.test(status) ? Number(status) : undefined,
    type: type !== null && /^[01]$/.test(type) ? Number(type) : undefined,
    keyword: params.get('keyword') ?? '',
    currentPage: positiveInt(params.get('currentPage'), 1),
  };
}

/** Spec part 1 §2: the query keeps status, keyword, type and currentPage; empty values are dropped. */
function writeQuery(query: ListQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.status !== undefined) next.set('status', String(query.status));
  if (query.keyword.trim()) next.set('keyword', query.keyword.trim());
  if (query.type !== undefined) next.set('type', String(query.type));
  if (query.currentPage > 1) next.set('currentPage', String(query.currentPage));
  return next;
}

/** The outside scoreboard of a contest (spec part 1 §2: ACMScoreBoard or OIScoreBoard). */
export function scoreboardPath(contest: Pick<ContestSummary, 'id' | 'type'>): string {
  return contest.type === CONTEST_TYPE.oi
    ? `/contest/oi-scoreboard/${contest.id}`
    : `/contest/acm-scoreboard/${contest.id}`;
}

/**
 * The contest list (/contest, spec part 1 §2): rule, status and keyword filters (any change goes
 * back to page 1 and rewrites the query), 10 a page; each row with its rule icon, title and lock,
 * start, length, rule, access, participants, outside scoreboard and status.
 */
export function ContestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [keyword, setKeyword] = useState(query.keyword);
  useEffect(() => setKeyword(query.keyword), [query.keyword]);

  const list = useQuery({
    queryKey: ['contest-list', query],
    queryFn: () =>
      getContestList({
        currentPage: query.currentPage,
        limit: PAGE_SIZE,
        status: query.status,
        type: query.type,
        keyword: query.keyword || undefined,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const update = (change: Partial<ListQuery>) =>
    setParams(writeQuery({ ...query, currentPage: 1, ...change }));

  const open = (contest: ContestSummary) => {
    // spec part 1 §2: logged-out users get the login warning and dialog
    if (!requireLogin()) return;
    navigate(`/contest/${contest.id}`);
  };

  const records = list.data?.records ?? [];
  return (
    <Card className="contest-list" title={t('contest.list.title')}>
      <div className="contest-filters" role="search">
        <div className="contest-filters__group">
          <span className="contest-filters__label">{t('contest.list.rule')}</span>
          <Radio.Group
            size="small"
            optionType="button"
            value={query.type ?? 'all'}
            onChange={(e) => update({ type: e.target.value === 'all' ? undefined : Number(e.target.value) })}
            options={[
              { value: 'all', label: t('contest.list.all') },
              { value: 0, label: 'ACM' },
              { value: 1, label: 'OI' },
            ]}
            aria-label={t('contest.list.rule')}
          />
        </div>
        <div className="contest-filters__group">
          <span className="contest-filters__label">{t('contest.list.statusFilter')}</span>
          <Radio.Group
            size="small"
            optionType="button"
            value={query.status ?? 'all'}
            onChange={(e) =>
              update({ status: e.target.value === 'all' ? undefined : Number(e.target.value) })
            }
            options={[
              { value: 'all', label: t('contest.list.all') },
              { value: CONTEST_STATUS.scheduled, label: t('contest.status.scheduled') },
              { value: CONTEST_STATUS.running, label: t('contest.status.running') },
              { value: CONTEST_STATUS.ended, label: t('contest.status.ended') },
            ]}
            aria-label={t('contest.list.statusFilter')}
          />
        </div>
        <Input.Search
          className="contest-filters__search"
          allowClear
          placeholder={t('contest.list.keyword')}
          aria-label={t('contest.list.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => update({ keyword: value })}
        />
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : records.length === 0 ? (
        <Empty description={t('contest.list.empty')} />
      ) : (
        <List
          className="contest-list__rows"
          loading={list.isFetching && list.isPlaceholderData}
          dataSource={records}
          rowKey="id"
          renderItem={(contest) => <ContestListRow contest={contest} onOpen={open} />}
        />
      )}
      <Pagination
        className="contest-list__pages"
        current={query.currentPage}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={(currentPage) => setParams(writeQuery({ ...query, currentPage }))}
      />
    </Card>
  );
}

/**
 * One contest of a list (spec part 1 §2; a group's list, spec part 2 §2.2, shows the same): its
 * rule icon, title and lock, start, length, rule, access, participants, outside scoreboard and
 * status. `onOpen` opens the contest (the lists check the login first).
 */
export function ContestListRow({
  contest,
  onOpen,
  className,
  countWhenPublic = true,
}: {
  contest: ContestSummary;
  onOpen: (contest: ContestSummary) => void;
  className?: string;
  /** a group's list shows the participants of non-public contests only (spec part 2 §2.2) */
  countWhenPublic?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duration = useDurationText();
  const open = onOpen;
  return (
    <List.Item
      className={className ? `contest-row ${className}` : 'contest-row'}
      data-contest-id={contest.id}
    >
      <div className={`contest-row__icon contest-row__icon--${contest.type === 1 ? 'oi' : 'acm'}`}>
        <TrophyOutlined aria-hidden />
      </div>
      <div className="contest-row__main">
        <div className="contest-row__title">
          <Link
            to={`/contest/${contest.id}`}
            onClick={(e) => {
              e.preventDefault();
              open(contest);
            }}
          >
            {contest.title}
          </Link>
          <ContestLock auth={contest.auth} />
        </div>
        <ul className="contest-row__facts">
          <li>
            <CalendarOutlined aria-hidden /> {dayjs(contest.startTime).format('YYYY-MM-DD HH:mm')}
          </li>
          <li>
            <ClockCircleOutlined aria-hidden /> {duration(contest.duration ?? 0)}
          </li>
          <li>
            <Tooltip title={t(contest.type === 1 ? 'contest.ruleTips.oi' : 'contest.ruleTips.acm')}>
              <Button size="small">{contest.type === 1 ? 'OI' : 'ACM'}</Button>
            </Tooltip>
          </li>
          <li>
            <ContestAuthTag auth={contest.auth} />
          </li>
          {countWhenPublic || contest.auth !== 0 ? (
            <li>
              <Tooltip title={t('contest.list.participants')}>
                <span aria-label={t('contest.list.participants')}>
                  <TeamOutlined aria-hidden /> {contest.count ?? 0}
                </span>
              </Tooltip>
            </li>
          ) : null}
          {contest.openRank ? (
            <li>
              <Tooltip title={t('contest.list.outsideBoard')}>
                <Button
                  size="small"
                  shape="circle"
                  icon={<BarChartOutlined />}
                  aria-label={t('contest.list.outsideBoard')}
                  disabled={contest.status === CONTEST_STATUS.scheduled}
                  onClick={() => navigate(scoreboardPath(contest))}
                />
              </Tooltip>
            </li>
          ) : null}
        </ul>
      </div>
      <div className="contest-row__status">
        <ContestStatusTag status={contest.status} />
      </div>
    </List.Item>
  );
}
