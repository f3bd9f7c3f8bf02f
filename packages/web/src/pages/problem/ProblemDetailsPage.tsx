import {
  BarChartOutlined,
  CompressOutlined,
  ExpandOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HistoryOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { JudgeStatus } from '@verdict/shared';
import { Button, Result, Skeleton, Tabs, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http';
import { getLanguages } from '../../api/problem';
import { AnnexTab } from './AnnexTab';
import { Celebration } from './Celebration';
import { EditorPanel } from './EditorPanel';
import { mySubmissionsKey, MySubmissionsTab } from './MySubmissionsTab';
import { OnlineTestDrawer } from './OnlineTestDrawer';
import {
  loadProblemDetail,
  problemDetailQueryKey,
  problemPaths,
  PUBLIC_SCOPE,
  verdictRefreshKeys,
  type ProblemScope,
} from './problem-scope';
import { languagesByName, parseExamples, parseExtraFiles } from './problem-utils';
import { ProblemStatement } from './ProblemStatement';
import { useEditorState } from './use-editor-state';
import { STACKED_QUERY, useMediaQuery } from './use-media-query';
import { useSplitter } from './use-splitter';
import { useSubmitFlow } from './use-submit-flow';
import './problem-common.css';
import './problem-detail.css';
import { usePageSubject } from '../../routing/page-subject';

/** The statistics tab draws with ECharts (0.6 MB): loaded when the tab is first opened. */
const StatisticsTab = lazy(() => import('./StatisticsTab').then((m) => ({ default: m.StatisticsTab })));

export const problemDetailKey = (problemId: string) => problemDetailQueryKey(PUBLIC_SCOPE, problemId);

export interface ProblemDetailsProps {
  focus: boolean;
  /** public (the default) or a contest: the data calls, the submit and the links follow it */
  scope?: ProblemScope;
  /** why submitting is closed here, shown beside the disabled Submit */
  submitClosed?: string | null;
  /** under the page in focus mode: the contest's problem navigator (spec part 1 §2) */
  footer?: ReactNode;
}

type TabKey = 'description' | 'mine' | 'annex' | 'statistics';

/**
 * The problem page (spec part 1 §2 "Problem page", §4 submit and test-run flows): tabs on the
 * left (description, my submissions, annex, statistics), the editor on the right, a draggable
 * splitter keeping the right side at least 580 px, a collapse-to-problem-only button, a stacked
 * layout under 992 px and a focus mode (the full-screen route). A contest scope (spec part 1 §2
 * ContestProblemDetails) reads the contest's problem, submits into the contest, lists the contest's
 * submissions and leaves out the statistics.
 */
export function ProblemDetails({
  focus,
  scope = PUBLIC_SCOPE,
  submitClosed = null,
  footer,
}: ProblemDetailsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problemID = useParams().problemID ?? '';
  const stacked = useMediaQuery(STACKED_QUERY);
  const [tab, setTab] = useState<TabKey>('description');
  const [collapsed, setCollapsed] = useState(false);
  const [testOpen, setTestOpen] = useState(false);
  const [celebrating, setCelebrating] = useState(0);
  const splitter = useSplitter();

  const detailQuery = useQuery({
    queryKey: problemDetailQueryKey(scope, problemID),
    queryFn: () => loadProblemDetail(scope, problemID),
    staleTime: 0,
  });
  const detail = detailQuery.data;
  const problem = detail?.problem;
  usePageSubject(problem?.title);
  const languages = useQuery({ queryKey: ['languages'], queryFn: getLanguages, staleTime: 5 * 60_000 });
  const editor = useEditorState(detail);
  const examples = useMemo(() => parseExamples(problem?.examples), [problem?.examples]);
  const annex = useMemo(() => parseExtraFiles(problem?.userExtraFile), [problem?.userExtraFile]);

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: problemDetailQueryKey(scope, problemID) });
    void queryClient.invalidateQueries({ queryKey: mySubmissionsKey(problemID, scope) });
  }, [queryClient, problemID, scope]);

  const flow = useSubmitFlow(
    (status) => {
      for (const queryKey of verdictRefreshKeys(scope)) void queryClient.invalidateQueries({ queryKey });
      if (status === JudgeStatus.ACCEPTED) setCelebrating((n) => n + 1);
      else reload();
    },
    scope,
    problemID,
  );

  if (detailQuery.isError) {
    const status = detailQuery.error instanceof ApiError ? detailQuery.error.status : undefined;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'warning'}
        title={t('problem.detail.loadFailed')}
        subTitle={detailQuery.error instanceof ApiError ? detailQuery.error.message : undefined}
        extra={
          <Link to={problemPaths.list(scope)}>
            <Button type="primary">{t('problem.detail.backToList')}</Button>
          </Link>
        }
      />
    );
  }

  const isOi = problem?.type === 1;
  const tabs = [
    {
      key: 'description',
      label: (
        <span>
          <FileTextOutlined /> {t('problem.detail.description')}
        </span>
      ),
      children: detail ? (
        <ProblemStatement
          detail={detail}
          examples={examples}
          onShowStatistics={() => setTab('statistics')}
          shownId={scope.kind === 'contest' ? problemID : undefined}
          contestSubmissionsPath={
            scope.kind === 'contest'
              ? `/contest/${scope.cid}/submissions?problemID=${encodeURIComponent(problemID)}&completeProblemID=true`
              : scope.kind === 'group'
                ? `/group/${scope.gid}/status?problemID=${encodeURIComponent(problemID)}&completeProblemID=true`
                : undefined
          }
        />
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      ),
    },
    {
      key: 'mine',
      label: (
        <span>
          <HistoryOutlined /> {t('problem.detail.mySubmissions')}
        </span>
      ),
      children: tab === 'mine' ? <MySubmissionsTab problemId={problemID} isOi={isOi} scope={scope} /> : null,
    },
    ...(annex.length > 0
      ? [
          {
            key: 'annex',
            label: (
              <span>
                <FolderOpenOutlined /> {t('problem.detail.annex')}
              </span>
            ),
            children: <AnnexTab files={annex} />,
          },
        ]
      : []),
    // A contest's counts belong to its board (sealed for some viewers): no statistics tab there.
    ...(scope.kind !== 'contest'
      ? [
          {
            key: 'statistics',
            label: (
              <span>
                <BarChartOutlined /> {t('problem.detail.statistics')}
              </span>
            ),
            children:
              tab === 'statistics' && detail ? (
                <Suspense fallback={<Skeleton active />}>
                  <StatisticsTab counts={detail.problemCount} isOi={isOi} />
                </Suspense>
              ) : null,
          },
        ]
      : []),
  ];

  const focusPath = problemPaths.page(scope, problemID, !focus);
  const toolbar = (
    <div className="problem-tabs-extra">
      {!stacked ? (
        <Tooltip title={collapsed ? t('problem.detail.expandEditor') : t('problem.detail.collapseEditor')}>
          <Button
            type="text"
            icon={collapsed ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={collapsed ? t('problem.detail.expandEditor') : t('problem.detail.collapseEditor')}
            aria-pressed={collapsed}
            onClick={() => setCollapsed((c) => !c)}
          />
        </Tooltip>
      ) : null}
      <Tooltip title={focus ? t('problem.detail.exitFocus') : t('problem.detail.focus')}>
        <Button
          type="text"
          icon={focus ? <CompressOutlined /> : <ExpandOutlined />}
          aria-label={focus ? t('problem.detail.exitFocus') : t('problem.detail.focus')}
          onClick={() => navigate(focusPath)}
        />
      </Tooltip>
    </div>
  );

  const classes = ['problem-page'];
  if (focus) classes.push('problem-page--focus');
  if (focus && footer) classes.push('problem-page--with-footer');
  if (stacked) classes.push('problem-page--stacked');
  if (collapsed && !stacked) classes.push('problem-page--collapsed');
  const leftStyle = !stacked && !collapsed ? { width: splitter.leftWidth } : undefined;
  const currentLanguage = editor.draft
    ? languagesByName(languages.data, problem?.isRemote ?? false).get(editor.draft.language)
    : undefined;

  return (
    <div className={classes.join(' ')} ref={splitter.containerRef}>
      <section
        className="problem-page__left"
        style={leftStyle}
        aria-label={t('problem.detail.statementPane')}
      >
        <Tabs
          className="problem-tabs"
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={tabs}
          tabBarGutter={18}
          tabBarExtraContent={toolbar}
        />
      </section>
      {!stacked && !collapsed ? (
        <div
          className={splitter.dragging ? 'problem-splitter problem-splitter--dragging' : 'problem-splitter'}
          role="separator"
          aria-orientation="vertical"
          aria-label={t('problem.detail.splitter')}
          aria-valuenow={Math.round(splitter.percent)}
          aria-valuemin={0}
          aria-valuemax={100}
          tabIndex={0}
          {...splitter.handleProps}
        >
          <span className="problem-splitter__grip" />
        </div>
      ) : null}
      <section
        className="problem-page__right"
        hidden={collapsed && !stacked}
        aria-label={t('problem.detail.editorPane')}
      >
        <EditorPanel
          detail={detail}
          editor={editor}
          flow={flow}
          fill={focus && !stacked}
          disabled={detailQuery.isError || !detail}
          onOpenTest={() => setTestOpen(true)}
          scope={scope}
          problemID={problemID}
          submitClosed={submitClosed}
        />
      </section>
      <OnlineTestDrawer
        open={testOpen}
        onClose={() => setTestOpen(false)}
        problem={problem}
        examples={examples}
        code={editor.draft?.code ?? ''}
        language={editor.draft?.language ?? ''}
        mode={currentLanguage?.contentType ?? null}
        testType={scope.kind === 'contest' ? 'contest' : scope.kind === 'group' ? 'group' : 'public'}
        gid={scope.kind === 'group' ? scope.gid : undefined}
      />
      {focus && footer ? <div className="problem-page__footer">{footer}</div> : null}
      {celebrating > 0 ? (
        <Celebration
          run={celebrating}
          onDone={() => {
            setCelebrating(0);
            // spec part 1 §4: after the congratulation, the problem data and lists are reloaded
            reload();
          }}
        />
      ) : null}
    </div>
  );
}

// Another problem starts afresh: its own draft, tabs, submit panel and test input.
export function ProblemDetailsPage() {
  return <ProblemDetails key={useParams().problemID} focus={false} />;
}

/** Focus mode (spec part 1 §2): the same page filling the window, without the footer. */
export function FullProblemDetailsPage() {
  return <ProblemDetails key={useParams().problemID} focus />;
}
