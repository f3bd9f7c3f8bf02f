import { CopyOutlined, RedoOutlined, RetweetOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { JudgeStatus } from '@verdict/shared';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Switch, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/http';
import {
  getAllCaseResult,
  getSubmissionDetail,
  rejudgeSubmission,
  resubmit,
  updateSubmissionShare,
  type SubmissionDetail,
} from '../../api/submission';
import { CodeEditor, loadGlobalPreferences } from '../../components/code-editor';
import {
  formatLength,
  formatMemory,
  formatTime,
  isUnfinished,
  JudgeStatusTag,
  startPolling,
  statusInfo,
  SUBMISSION_POLL,
  useStatusLabel,
} from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { browserStorage } from '../../store/browser-storage';
import { isSuperAdmin, useSession } from '../../store/session';
import { copyText } from '../problem/copy-text';
import { CaseResults } from './CaseResults';
import { RejudgeConfirm } from './RejudgeConfirm';
import { canResubmit, shareToggleState } from './submission-rules';
import '../problem/problem-common.css';
import './submission.css';

const detailKey = (submitId: number) => ['submission-detail', submitId] as const;
const casesKey = (submitId: number) => ['submission-cases', submitId] as const;

/**
 * Submission details (/submission-detail/:submitID, spec part 1 §2): status, time, memory, length,
 * language, author, the compile or system error text, per-case results and subtask panels, the
 * code with a copy button, the share switch for its author and rejudge for super admins. An
 * unfinished submission is polled every 2 s. Inside a contest shell (`contestId`, spec part 1 §2
 * ContestSubmissionDetails) the links lead back into the contest; the server applies the contest's
 * visibility rules (reference §7.10).
 */
export function SubmissionDetailsPage({
  contestId,
  groupId,
}: {
  contestId?: number;
  /** a group's submission (spec part 2 §2.2 GroupSubmissionDetails): links lead back into the group */
  groupId?: number;
} = {}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const queryClient = useQueryClient();
  const params = useParams();
  const submitId = Number(params.submitID);
  // In a contest the route names the problem by its display id there.
  const routeProblemId = params.problemID ?? '';
  const session = useSession();
  const superAdmin = isSuperAdmin(session.userInfo);
  const [sharing, setSharing] = useState(false);
  const [rejudging, setRejudging] = useState(false);
  const [pollRound, setPollRound] = useState(0);
  const valid = Number.isInteger(submitId) && submitId > 0;

  const detail = useQuery({
    queryKey: detailKey(submitId),
    queryFn: () => getSubmissionDetail(submitId),
    enabled: valid,
    staleTime: 0,
  });
  const submission = detail.data?.submission;
  const finished = submission !== undefined && !isUnfinished(submission.status);
  const cases = useQuery({
    queryKey: casesKey(submitId),
    queryFn: () => getAllCaseResult(submitId),
    enabled: valid && submission !== undefined,
    staleTime: 0,
  });

  // Poll while the submission is unfinished (again after a rejudge), then read its cases once more.
  const waiting = submission !== undefined && isUnfinished(submission.status);
  useEffect(() => {
    if (!waiting) return;
    const poller = startPolling({
      ...SUBMISSION_POLL,
      tick: async () => {
        const fresh = await getSubmissionDetail(submitId);
        queryClient.setQueryData(detailKey(submitId), fresh);
        return !isUnfinished(fresh.submission.status);
      },
      onStop: () => void queryClient.invalidateQueries({ queryKey: casesKey(submitId) }),
    });
    return () => poller.stop();
  }, [submitId, pollRound, queryClient, waiting]);

  if (!valid || detail.isError) {
    const status = detail.error instanceof ApiError ? detail.error.status : undefined;
    return (
      <Result
        status={status === 403 ? '403' : '404'}
        title={t('problem.detail.submissionLoadFailed')}
        subTitle={detail.error instanceof ApiError ? detail.error.message : undefined}
        extra={
          <Link
            to={
              contestId
                ? `/contest/${contestId}/submissions`
                : groupId
                  ? `/group/${groupId}/status`
                  : '/status'
            }
          >
            <Button type="primary">{t('problem.submission.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  if (!detail.data || !submission) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const owner = session.userInfo?.uid === submission.uid;
  const share = shareToggleState({ owner, cid: submission.cid, codeShare: detail.data.codeShare });
  const info = statusInfo(submission.status);
  const isOi = submission.score !== null;

  const toggleShare = async (on: boolean) => {
    setSharing(true);
    try {
      await updateSubmissionShare(submission.submitId, on, session.userInfo?.uid);
      queryClient.setQueryData<SubmissionDetail>(detailKey(submitId), (old) =>
        old ? { ...old, submission: { ...old.submission, share: on } } : old,
      );
      toast.success(t(on ? 'problem.submission.shared' : 'problem.submission.unshared'));
    } catch {
      // shown by the client
    } finally {
      setSharing(false);
    }
  };

  const requeue = async (kind: 'rejudge' | 'resubmit') => {
    setRejudging(true);
    try {
      const fresh = kind === 'rejudge' ? await rejudgeSubmission(submitId) : await resubmit(submitId);
      toast.success(t(kind === 'rejudge' ? 'problem.admin.rejudged' : 'problem.submit.resubmitted'));
      queryClient.setQueryData<SubmissionDetail>(detailKey(submitId), (old) =>
        old
          ? {
              ...old,
              submission: { ...old.submission, status: fresh.status, score: null, time: null, memory: null },
            }
          : old,
      );
      setPollRound((n) => n + 1);
    } catch {
      // shown by the client
    } finally {
      setRejudging(false);
    }
  };

  const prefs = loadGlobalPreferences(browserStorage);

  return (
    <div className="submission-detail">
      <Card className="submission-detail__banner" style={{ borderTopColor: info.color }}>
        <div className="submission-detail__head">
          <div className="submission-detail__verdict" style={{ color: info.color }}>
            {label(submission.status)}
            {isOi ? <span className="submission-detail__score">{submission.score}</span> : null}
          </div>
          <Space wrap>
            {submission.isManual ? <Tag color="purple">{t('problem.submission.manual')}</Tag> : null}
            {owner && canResubmit(submission.status) ? (
              <Button icon={<RedoOutlined />} loading={rejudging} onClick={() => void requeue('resubmit')}>
                {t('problem.submit.resubmit')}
              </Button>
            ) : null}
            {superAdmin ? (
              <RejudgeConfirm submitId={submission.submitId} onConfirm={() => void requeue('rejudge')}>
                <Button icon={<RetweetOutlined />} loading={rejudging}>
                  {t('problem.admin.rejudge')}
                </Button>
              </RejudgeConfirm>
            ) : null}
          </Space>
        </div>
        <Descriptions
          size="small"
          className="submission-detail__info"
          column={{ xs: 1, sm: 2, md: 3, lg: 4 }}
          items={[
            { key: 'id', label: t('problem.submission.runId'), children: submission.submitId },
            {
              key: 'problem',
              label: t('problem.submission.problem'),
              children: (
                <Link
                  to={
                    contestId
                      ? `/contest/${contestId}/problem/${encodeURIComponent(routeProblemId || submission.displayPid)}`
                      : groupId
                        ? `/group/${groupId}/problem/${encodeURIComponent(submission.displayPid)}`
                        : `/problem/${encodeURIComponent(submission.displayPid)}`
                  }
                >
                  {contestId && routeProblemId ? routeProblemId : submission.displayPid}
                </Link>
              ),
            },
            {
              key: 'status',
              label: t('problem.submission.status'),
              children: <JudgeStatusTag status={submission.status} />,
            },
            { key: 'time', label: t('problem.submission.time'), children: formatTime(submission.time) },
            {
              key: 'memory',
              label: t('problem.submission.memory'),
              children: formatMemory(submission.memory),
            },
            {
              key: 'length',
              label: t('problem.submission.length'),
              children: formatLength(submission.length),
            },
            {
              key: 'language',
              label: t('problem.submission.language'),
              children: submission.language ?? '--',
            },
            {
              key: 'author',
              label: t('problem.submission.author'),
              children: submission.username ? (
                <Link to={`/user-home?username=${encodeURIComponent(submission.username)}`}>
                  {submission.username}
                </Link>
              ) : (
                '--'
              ),
            },
            { key: 'judger', label: t('problem.submission.judger'), children: submission.judger || '--' },
            // reference §10.1: the run id the remote judge gave it (the account is never shown)
            ...(detail.data.remoteRunId
              ? [
                  {
                    key: 'remoteRunId',
                    label: t('problem.submission.remoteRunId'),
                    children: detail.data.remoteRunId,
                  },
                ]
              : []),
            // last, where the row's remaining width is its own: the longest value does not wrap
            {
              key: 'submitTime',
              label: t('problem.submission.submitTime'),
              children: dayjs(submission.submitTime).format('YYYY-MM-DD HH:mm:ss'),
            },
          ]}
        />
      </Card>

      {submission.errorMessage ? (
        <Card
          size="small"
          className="submission-detail__section"
          title={
            submission.status === JudgeStatus.COMPILE_ERROR
              ? t('problem.submission.compileInfo')
              : t('problem.submission.errorInfo')
          }
        >
          <pre className="output-block output-block--error submission-detail__error">
            {submission.errorMessage}
          </pre>
        </Card>
      ) : null}

      <Card size="small" className="submission-detail__section" title={t('problem.cases.title')}>
        {!finished ? (
          <Alert type="info" showIcon title={t('problem.cases.waiting')} />
        ) : cases.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : cases.data === null || cases.data === undefined ? (
          <Alert type="info" showIcon title={t('problem.cases.closed')} />
        ) : (
          <CaseResults results={cases.data} isOi={isOi} />
        )}
      </Card>

      <Card
        size="small"
        className="submission-detail__section"
        title={t('problem.submission.code')}
        extra={
          <Space wrap>
            {share !== 'hidden' ? (
              <Tooltip title={share === 'disabled' ? t('problem.submission.shareDisabled') : undefined}>
                <label className="submission-detail__share">
                  <Switch
                    size="small"
                    checked={submission.share}
                    loading={sharing}
                    disabled={share === 'disabled'}
                    onChange={(on) => void toggleShare(on)}
                    aria-label={t('problem.submission.share')}
                  />
                  <span>{t('problem.submission.share')}</span>
                </label>
              </Tooltip>
            ) : null}
            {submission.code ? (
              <Button
                size="small"
                icon={<CopyOutlined />}
                onClick={() => void copyText(submission.code ?? '')}
              >
                {t('problem.common.copy')}
              </Button>
            ) : null}
          </Space>
        }
      >
        {submission.code ? (
          <CodeEditor
            value={submission.code}
            language={submission.language}
            readOnly
            theme={prefs.theme}
            fontSize={prefs.fontSize}
            tabSize={prefs.tabSize}
            ariaLabel={t('problem.submission.code')}
            className="submission-detail__code"
          />
        ) : (
          <Alert type="info" showIcon title={t('problem.submission.codeHidden')} />
        )}
      </Card>
    </div>
  );
}
