import { EditOutlined, ReloadOutlined, RetweetOutlined, ToolOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { JudgeStatus } from '@verdict/shared';
import { Button, Card, Input, Select, Space, Switch, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  getSubmissionList,
  rejudgeSubmission,
  resubmit,
  type SubmissionListParams,
  type SubmissionRow,
} from '../../api/submission';
import {
  FILTER_STATUSES,
  formatLength,
  formatMemory,
  formatTime,
  JudgeStatusTag,
  useStatusLabel,
} from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { isAuthenticated, isSuperAdmin, useSession } from '../../store/session';
import { positiveInt } from '../problem/problem-utils';
import { requireLogin } from '../problem/require-login';
import { checkContestSubmissionsStatus, getContestSubmissions } from '../../api/contest';
import { ManualJudgeModal } from './ManualJudgeModal';
import { RejudgeConfirm } from './RejudgeConfirm';
import { canManualJudge, canResubmit, isRemoteDisplayId } from './submission-rules';
import { useLiveRows } from './use-live-rows';
import '../problem/problem-common.css';
import './submission.css';

/** Spec part 1 §9: the submission list shows 50 a page. */
const PAGE_SIZE = 50;
const PAGE_SIZES = [10, 15, 30, 50, 100];

interface ListQuery {
  onlyMine: boolean;
  status: number | undefined;
  username: string;
  problemID: string;
  completeProblemID: boolean;
  currentPage: number;
  limit: number;
}

function readQuery(params: URLSearchParams): ListQuery {
  const status = params.get('status');
  return {
    onlyMine: params.get('onlyMine') === 'true',
    status: status !== null && /^-?\d+$/.test(status) ? Number(status) : undefined,
    username: params.get('username') ?? '',
    problemID: params.get('problemID') ?? '',
    completeProblemID: params.get('completeProblemID') === 'true',
    currentPage: positiveInt(params.get('currentPage'), 1),
    limit: positiveInt(params.get('limit'), PAGE_SIZE),
  };
}

function writeQuery(query: ListQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.onlyMine) next.set('onlyMine', 'true');
  if (query.status !== undefined) next.set('status', String(query.status));
  if (query.username.trim() && !query.onlyMine) next.set('username', query.username.trim());
  if (query.problemID.trim()) next.set('problemID', query.problemID.trim());
  if (query.completeProblemID && query.problemID.trim()) next.set('completeProblemID', 'true');
  if (query.currentPage > 1) next.set('currentPage', String(query.currentPage));
  if (query.limit !== PAGE_SIZE) next.set('limit', String(query.limit));
  return next;
}

/** The contest a list belongs to (spec part 1 §2 ContestSubmissionList), absent for /status. */
export interface SubmissionListContest {
  cid: number;
  /** the shell's 'include submissions after the contest' switch */
  containsEnd: boolean;
}

/**
 * The global submission list (/status, spec part 1 §2 "Submission list"): only-mine (login
 * required; it clears and disables the author filter), status, problem and author filters in the
 * query string, unfinished rows polled, the user's own rows highlighted, and for super admins a
 * rejudge column with manual judge. 50 a page. Inside a contest shell (`contest`) the same list
 * reads the contest's submissions (reference §3.6 contest-submissions, seal and visibility rules of
 * §7.18 applied by the server) and links to the contest's problems and details.
 */
export function SubmissionListPage({
  contest,
  groupId,
}: {
  contest?: SubmissionListContest;
  /** a group's status tab (spec part 2 §2.2 GroupSubmissionList): its submissions, `gid` */
  groupId?: number;
} = {}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const session = useSession();
  const signedIn = isAuthenticated(session);
  const superAdmin = isSuperAdmin(session.userInfo);
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const onlyMine = query.onlyMine && signedIn;
  const [problemInput, setProblemInput] = useState(query.problemID);
  const [userInput, setUserInput] = useState(query.username);
  const [judging, setJudging] = useState<SubmissionRow | null>(null);
  const [rejudging, setRejudging] = useState<number | null>(null);

  useEffect(() => setProblemInput(query.problemID), [query.problemID]);
  useEffect(() => setUserInput(query.username), [query.username]);

  const request: SubmissionListParams = {
    currentPage: query.currentPage,
    limit: query.limit,
    onlyMine: onlyMine || undefined,
    status: query.status,
    username: onlyMine ? undefined : query.username || undefined,
    problemID: query.problemID || undefined,
    completeProblemID: query.completeProblemID || undefined,
    gid: groupId,
  };
  const list = useQuery({
    queryKey: ['submission-list', request, session.token !== '', contest ?? null],
    queryFn: () =>
      contest
        ? getContestSubmissions({
            ...request,
            contestID: contest.cid,
            beforeContestSubmit: false,
            containsEnd: contest.containsEnd,
          })
        : getSubmissionList(request),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const { rows, patch } = useLiveRows(
    list.data?.records,
    contest ? (ids) => checkContestSubmissionsStatus(contest.cid, ids) : undefined,
  );
  const detailPath = (row: SubmissionRow) =>
    contest
      ? `/contest/${contest.cid}/problem/${encodeURIComponent(row.displayPid)}/submission-detail/${row.submitId}`
      : groupId
        ? `/group/${groupId}/submission-detail/${row.submitId}`
        : `/submission-detail/${row.submitId}`;
  const problemPath = (row: SubmissionRow) =>
    contest
      ? `/contest/${contest.cid}/problem/${encodeURIComponent(row.displayPid)}`
      : groupId
        ? `/group/${groupId}/problem/${encodeURIComponent(row.displayPid)}`
        : `/problem/${encodeURIComponent(row.displayPid)}`;

  const update = (change: Partial<ListQuery>, keepPage = false) => {
    const next = { ...query, onlyMine, ...change };
    if (!keepPage) next.currentPage = change.currentPage ?? 1;
    setParams(writeQuery(next));
  };

  const toggleMine = (on: boolean) => {
    // spec part 1 §2: only-mine needs login; the switch stays off otherwise
    if (on && !requireLogin()) return;
    update(on ? { onlyMine: true, username: '' } : { onlyMine: false });
  };

  const rejudge = async (row: SubmissionRow) => {
    setRejudging(row.submitId);
    try {
      await rejudgeSubmission(row.submitId);
      toast.success(t('problem.admin.rejudged'));
      // spec part 1 §4: a rejudge clears the score and polls again
      patch(row.submitId, {
        status: JudgeStatus.PENDING,
        score: null,
        time: null,
        memory: null,
        isManual: false,
      });
    } catch {
      // shown by the client
    } finally {
      setRejudging(null);
    }
  };

  const resubmitRow = async (row: SubmissionRow) => {
    try {
      const fresh = await resubmit(row.submitId);
      toast.success(t('problem.submit.resubmitted'));
      patch(row.submitId, { status: fresh.status, score: null });
    } catch {
      // shown by the client
    }
  };

  const myUid = session.userInfo?.uid;
  const hasScore = rows.some((row) => row.score !== null && row.score !== undefined);
  const columns: ColumnsType<SubmissionRow> = [
    {
      key: 'submitId',
      title: t('problem.submission.runId'),
      render: (_, row) => <Link to={detailPath(row)}>{row.submitId}</Link>,
    },
    {
      key: 'problem',
      title: t('problem.submission.problem'),
      render: (_, row) => (
        <Link to={problemPath(row)} className="submission-list__problem" title={row.title ?? undefined}>
          <span className="submission-list__pid">{row.displayPid}</span>
          {row.title ? <span className="submission-list__title">{row.title}</span> : null}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('problem.submission.status'),
      render: (_, row) => {
        const mine = row.uid === myUid;
        const failedRemote =
          row.status === JudgeStatus.SUBMITTED_FAILED && isRemoteDisplayId(row.displayPid) && mine;
        return failedRemote && canResubmit(row.status) ? (
          <JudgeStatusTag
            status={row.status}
            resubmit
            title={t('problem.submit.resubmit')}
            onClick={() => void resubmitRow(row)}
          />
        ) : (
          <span className="submission-list__status">
            <Link to={detailPath(row)} aria-label={label(row.status)}>
              <JudgeStatusTag status={row.status} />
            </Link>
            {row.isManual ? (
              <Tooltip title={t('problem.submission.manual')}>
                <EditOutlined
                  className="submission-list__manual"
                  aria-label={t('problem.submission.manual')}
                />
              </Tooltip>
            ) : null}
          </span>
        );
      },
    },
    ...(hasScore
      ? [
          {
            key: 'score',
            title: t('problem.submission.score'),
            render: (_: unknown, row: SubmissionRow) => row.score ?? '--',
          },
        ]
      : []),
    { key: 'time', title: t('problem.submission.time'), render: (_, row) => formatTime(row.time) },
    {
      key: 'memory',
      title: t('problem.submission.memory'),
      render: (_, row) => formatMemory(row.memory),
      responsive: ['sm'],
    },
    {
      key: 'length',
      title: t('problem.submission.length'),
      render: (_, row) => formatLength(row.length),
      // under 992 px the author would need sideways scrolling; length and language give way first
      responsive: ['lg'],
    },
    {
      key: 'language',
      title: t('problem.submission.language'),
      responsive: ['lg'],
      render: (_, row) => <Link to={detailPath(row)}>{row.language}</Link>,
    },
    {
      key: 'author',
      title: t('problem.submission.author'),
      render: (_, row) =>
        row.username ? (
          <Link to={`/user-home?username=${encodeURIComponent(row.username)}`}>{row.username}</Link>
        ) : (
          '--'
        ),
    },
    {
      key: 'submitTime',
      title: t('problem.submission.submitTime'),
      responsive: ['lg'],
      render: (_, row) => (
        <span className="submission-list__time">{dayjs(row.submitTime).format('YYYY-MM-DD HH:mm:ss')}</span>
      ),
    },
  ];
  if (superAdmin) {
    columns.push({
      key: 'admin',
      title: t('problem.admin.option'),
      render: (_, row) => (
        <Space size={4}>
          <RejudgeConfirm submitId={row.submitId} onConfirm={() => void rejudge(row)}>
            <Tooltip title={t('problem.admin.rejudge')}>
              <Button
                size="small"
                icon={<RetweetOutlined />}
                aria-label={t('problem.admin.rejudge')}
                loading={rejudging === row.submitId}
              />
            </Tooltip>
          </RejudgeConfirm>
          <Tooltip title={t('problem.admin.manualJudge')}>
            <Button
              size="small"
              icon={<ToolOutlined />}
              aria-label={t('problem.admin.manualJudge')}
              disabled={!canManualJudge(row.status)}
              onClick={() => setJudging(row)}
            />
          </Tooltip>
        </Space>
      ),
    });
  }

  return (
    <Card
      className={contest ? 'submission-list submission-list--contest' : 'submission-list'}
      title={contest ? undefined : t('problem.submission.listTitle')}
    >
      <div className="submission-filters" role="search">
        <label className="submission-filters__switch">
          <Switch checked={onlyMine} onChange={toggleMine} aria-label={t('problem.submission.onlyMine')} />
          <span>{t('problem.submission.onlyMine')}</span>
        </label>
        <Select
          className="submission-filters__status"
          value={query.status ?? 'all'}
          onChange={(value: number | 'all') => update({ status: value === 'all' ? undefined : value })}
          aria-label={t('problem.submission.status')}
          popupMatchSelectWidth={false}
          options={[
            { value: 'all', label: t('problem.submission.allStatuses') },
            ...FILTER_STATUSES.map((code) => ({ value: code, label: label(code) })),
          ]}
        />
        <Input.Search
          className="submission-filters__search"
          allowClear
          placeholder={t('problem.submission.problemId')}
          aria-label={t('problem.submission.problemId')}
          value={problemInput}
          onChange={(e) => setProblemInput(e.target.value)}
          onSearch={(value) => update({ problemID: value, completeProblemID: false })}
        />
        <Input.Search
          className="submission-filters__search"
          allowClear
          placeholder={t('problem.submission.author')}
          aria-label={t('problem.submission.author')}
          value={onlyMine ? '' : userInput}
          disabled={onlyMine}
          onChange={(e) => setUserInput(e.target.value)}
          onSearch={(value) => update({ username: value })}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('problem.common.refresh')}
        </Button>
      </div>
      <Table<SubmissionRow>
        rowKey="submitId"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && !list.isRefetching}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (myUid && row.uid === myUid ? 'submission-row--mine' : '')}
        pagination={{
          current: query.currentPage,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('problem.common.total', { total }),
          onChange: (currentPage, limit) =>
            limit !== query.limit ? update({ limit, currentPage: 1 }) : update({ currentPage }, true),
        }}
      />
      <ManualJudgeModal
        submission={judging}
        onClose={() => setJudging(null)}
        onChanged={(changed) => {
          patch(changed.submitId, { status: changed.status, score: changed.score, isManual: true });
          // a list fetch started before the change would bring the old row back: fetch it anew
          void list.refetch();
        }}
      />
    </Card>
  );
}
