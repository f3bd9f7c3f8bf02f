import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from './admin/admin-routes';
import { withAdminProblemPages } from './admin/problem/routes';
import { PageLoading } from './components/PageLoading';
import { BareLayout } from './layout/BareLayout';
import { SiteLayout } from './layout/SiteLayout';
import { LogoutPage } from './pages/account/LogoutPage';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { RouteErrorPage } from './routing/RouteErrorPage';
import { defineRoute as route } from './routing/define-route';
import { lazyPage } from './routing/lazy-route';
import { bindNavigator } from './routing/navigate';
import type { NavMode } from './routing/route-meta';

const AUTH = { requireAuth: true } as const;
/** Problem-detail pages hide the footer (spec part 1 §1). */
const PROBLEM_PAGE = { hideFooter: true } as const;
/** Focus-mode pages hide the footer and show the menu of where they came from. */
const focusMode = (navMode: NavMode) => ({ hideFooter: true, navMode });

/** A contest staff page: its module's default export. */
const staffPage = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, (m) => m.default);

/** The public scoreboards (spec part 1 §2 "ACMScoreBoard / OIScoreBoard"): one page for both rules. */
const outsideScoreboard = lazyPage(
  () => import('./pages/contest/rank/OutsideScoreboardPage'),
  (m) => m.OutsideScoreboardPage,
);

/** One list of the message centre (spec part 2 §2.4): the lists share one module. */
const messageList = (pick: (m: typeof import('./pages/message/MessageList')) => ComponentType) =>
  lazyPage(() => import('./pages/message/MessageList'), pick);
const discussionList = lazyPage(
  () => import('./pages/discussion/DiscussionListPage'),
  (m) => m.DiscussionListPage,
);

/** A page of the group screens (spec part 2 §2.2): one chunk holds them all. */
const groupPage = (pick: (m: typeof import('./pages/group')) => ComponentType) =>
  lazyPage(() => import('./pages/group'), pick);
/** A group's discussions (spec part 2 §2.2): the discussion list told the group, with its admin mode. */
const groupDiscussionList = lazyPage(
  () => import('./pages/group-activity/GroupDiscussionListPage'),
  (m) => m.GroupDiscussionListPage,
);

/** The user site's route table (spec part 2 §2.8). */
const siteRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  route(
    'home',
    'home',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/home/HomePage'),
        (m) => m.HomePage,
      ),
    },
  ),

  // issue 28: the API document for people (GET /api/openapi.json)
  route(
    'api-doc',
    'apiDoc',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/api-doc/ApiDocPage'),
        (m) => m.ApiDocPage,
      ),
    },
  ),
  route(
    'problem',
    'problemList',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/problem/ProblemListPage'),
        (m) => m.ProblemListPage,
      ),
    },
  ),
  route(
    'problem/:problemID',
    'problemDetails',
    { ...AUTH, ...PROBLEM_PAGE },
    {
      lazy: lazyPage(
        () => import('./pages/problem/ProblemDetailsPage'),
        (m) => m.ProblemDetailsPage,
      ),
    },
  ),
  route(
    'problem/:problemID/full-screen',
    'fullProblemDetails',
    { ...AUTH, ...focusMode('default') },
    {
      lazy: lazyPage(
        () => import('./pages/problem/ProblemDetailsPage'),
        (m) => m.FullProblemDetailsPage,
      ),
    },
  ),
  route(
    'training/:trainingID/problem/:problemID/full-screen',
    'trainingFullProblemDetails',
    { ...AUTH, ...focusMode('training') },
    {
      lazy: lazyPage(
        () => import('./pages/training/TrainingProblemPage'),
        (m) => m.TrainingFullProblemPage,
      ),
    },
  ),
  route(
    'contest/:contestID/problem/:problemID/full-screen',
    'contestFullProblemDetails',
    { ...AUTH, ...focusMode('contest') },
    {
      lazy: lazyPage(
        () => import('./pages/contest/ContestProblemPage'),
        (m) => m.ContestFullProblemPage,
      ),
    },
  ),
  route(
    'group/:groupID/problem/:problemID/full-screen',
    'groupFullProblemDetails',
    { ...AUTH, ...focusMode('group') },
    {
      lazy: lazyPage(
        () => import('./pages/group-problem/GroupProblemDetailsPage'),
        (m) => m.GroupFullProblemDetailsPage,
      ),
    },
  ),
  route(
    'group/:groupID/training/:trainingID/problem/:problemID/full-screen',
    'groupTrainingFullProblemDetails',
    {
      ...AUTH,
      ...focusMode('training'),
    },
  ),

  // The participant's training screens (spec part 2 §2.1).
  route(
    'training',
    'trainingList',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/training/TrainingListPage'),
        (m) => m.TrainingListPage,
      ),
    },
  ),
  route('training/:trainingID', 'trainingDetails', AUTH, {
    lazy: lazyPage(
      () => import('./pages/training/TrainingShell'),
      (m) => m.TrainingShell,
    ),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import('./pages/training/TrainingIntroduction'),
          (m) => m.TrainingIntroduction,
        ),
      },
      route(
        'problems',
        'trainingProblemList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/training/TrainingProblemListPage'),
            (m) => m.TrainingProblemListPage,
          ),
        },
      ),
      route('problem/:problemID', 'trainingProblemDetails', PROBLEM_PAGE, {
        lazy: lazyPage(
          () => import('./pages/training/TrainingProblemPage'),
          (m) => m.TrainingProblemPage,
        ),
      }),
      route(
        'rank',
        'trainingRank',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/training/TrainingRankPage'),
            (m) => m.TrainingRankPage,
          ),
        },
      ),
    ],
  }),

  // The participant's contest screens (spec part 1 §2 "Contest list", "Contest shell").
  route(
    'contest',
    'contestList',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/contest/ContestListPage'),
        (m) => m.ContestListPage,
      ),
    },
  ),
  route('contest/acm-scoreboard/:contestID', 'acmScoreBoard', {}, { lazy: outsideScoreboard }),
  route('contest/oi-scoreboard/:contestID', 'oiScoreBoard', {}, { lazy: outsideScoreboard }),
  route('contest/:contestID', 'contestDetails', AUTH, {
    lazy: lazyPage(
      () => import('./pages/contest/ContestShell'),
      (m) => m.ContestShell,
    ),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import('./pages/contest/ContestOverview'),
          (m) => m.ContestOverview,
        ),
      },
      route(
        'submissions',
        'contestSubmissionList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/contest/ContestSubmissionPages'),
            (m) => m.ContestSubmissionListPage,
          ),
        },
      ),
      route(
        'problem/:problemID/submission-detail/:submitID',
        'contestSubmissionDetails',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/contest/ContestSubmissionPages'),
            (m) => m.ContestSubmissionDetailsPage,
          ),
        },
      ),
      route(
        'problems',
        'contestProblemList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/contest/ContestProblemListPage'),
            (m) => m.ContestProblemListPage,
          ),
        },
      ),
      route('problem/:problemID', 'contestProblemDetails', PROBLEM_PAGE, {
        lazy: lazyPage(
          () => import('./pages/contest/ContestProblemPage'),
          (m) => m.ContestProblemPage,
        ),
      }),
      route(
        'announcement',
        'contestAnnouncementList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/contest/ContestAnnouncementPage'),
            (m) => m.ContestAnnouncementPage,
          ),
        },
      ),
      // The board (spec part 1 §2 "Contest rank") and the scroll board's settings (contest admins, ACM).
      route(
        'rank',
        'contestRank',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/contest/rank/ContestRankPage'),
            (m) => m.ContestRankPage,
          ),
        },
      ),
      route(
        'scroll-board',
        'contestScrollBoard',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/contest/scroll-board/ScrollBoardConfigPage'),
            (m) => m.ScrollBoardConfigPage,
          ),
        },
      ),
      // The staff tabs (spec part 1 §2 "Contest admin helper, print and rejudge"); the shell shows
      // each tab only to those its rule names, and the server checks every call.
      route(
        'ac-info',
        'contestAcInfo',
        {},
        { lazy: staffPage(() => import('./pages/contest/staff/ContestAcHelperPage')) },
      ),
      // Super admins only (spec part 2 §2.8), checked by the shell: a user who opens it by its
      // address gets the 403 page and keeps the session (issue 24 item 13; §2.9's "clear the token"
      // is for the admin app).
      route(
        'rejudge',
        'contestRejudge',
        {},
        { lazy: staffPage(() => import('./pages/contest/staff/ContestRejudgePage')) },
      ),
      route(
        'comment',
        'contestComment',
        { access: 'contestComment' },
        {
          lazy: lazyPage(
            () => import('./pages/discussion/ContestCommentPage'),
            (m) => m.ContestCommentPage,
          ),
        },
      ),
      route(
        'print',
        'contestPrint',
        {},
        { lazy: staffPage(() => import('./pages/contest/staff/ContestPrintPage')) },
      ),
      route(
        'admin-print',
        'contestAdminPrint',
        {},
        { lazy: staffPage(() => import('./pages/contest/staff/ContestAdminPrintPage')) },
      ),
    ],
  }),

  route(
    'status',
    'submissionList',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/submission/SubmissionListPage'),
        (m) => m.SubmissionListPage,
      ),
    },
  ),
  route(
    'submission-detail/:submitID',
    'submissionDetails',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/submission/SubmissionDetailsPage'),
        (m) => m.SubmissionDetailsPage,
      ),
    },
  ),
  // The site rank lists (spec part 1 §2 "Rank lists").
  route(
    'acm-rank',
    'acmRank',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/rank/RankListPage'),
        (m) => m.AcmRankPage,
      ),
    },
  ),
  route(
    'oi-rank',
    'oiRank',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/rank/RankListPage'),
        (m) => m.OiRankPage,
      ),
    },
  ),
  route(
    'reset-password',
    'resetPassword',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/reset-password/ResetPasswordPage'),
        (m) => m.ResetPasswordPage,
      ),
    },
  ),
  route(
    'user-home',
    'userHome',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/user-home/UserHomePage'),
        (m) => m.UserHomePage,
      ),
    },
  ),
  route('setting', 'setting', AUTH, {
    lazy: lazyPage(
      () => import('./pages/setting/SettingPage'),
      (m) => m.SettingPage,
    ),
  }),
  route('logout', 'logout', AUTH, { element: <LogoutPage /> }),

  // Discussions (spec part 2 §2.3): one list page for the site's and a problem's discussions.
  route('discussion', 'discussionList', { access: 'discussion' }, { lazy: discussionList }),
  route('discussion/:problemID', 'problemDiscussion', { access: 'discussion' }, { lazy: discussionList }),
  route(
    'discussion-detail/:discussionID',
    'discussionDetails',
    { access: 'discussion' },
    {
      lazy: lazyPage(
        () => import('./pages/discussion/DiscussionDetailPage'),
        (m) => m.DiscussionDetailPage,
      ),
    },
  ),

  // The group screens (spec part 2 §2.2): the shell and its tabs, the site's pages told the group.
  route('group', 'groupList', {}, { lazy: groupPage((m) => m.GroupListPage) }),
  route('group/:groupID', 'groupDetails', AUTH, {
    lazy: groupPage((m) => m.GroupShell),
    children: [
      { index: true, lazy: groupPage((m) => m.GroupHome) },
      route('announcement', 'groupAnnouncementList', {}, { lazy: groupPage((m) => m.GroupAnnouncementsTab) }),
      route(
        'problem',
        'groupProblemList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/group-problem/GroupProblemListPage'),
            (m) => m.GroupProblemListPage,
          ),
        },
      ),
      route('problem/:problemID', 'groupProblemDetails', PROBLEM_PAGE, {
        lazy: lazyPage(
          () => import('./pages/group-problem/GroupProblemDetailsPage'),
          (m) => m.GroupProblemDetailsPage,
        ),
      }),
      route(
        'training',
        'groupTrainingList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/group-activity/GroupTrainingListPage'),
            (m) => m.GroupTrainingListPage,
          ),
        },
      ),
      route(
        'training/:trainingID',
        'groupTrainingDetails',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/training/TrainingShell'),
            (m) => m.TrainingShell,
          ),
          children: [
            {
              index: true,
              lazy: lazyPage(
                () => import('./pages/training/TrainingIntroduction'),
                (m) => m.TrainingIntroduction,
              ),
            },
            route(
              'problems',
              'groupTrainingProblemList',
              {},
              {
                lazy: lazyPage(
                  () => import('./pages/training/TrainingProblemListPage'),
                  (m) => m.TrainingProblemListPage,
                ),
              },
            ),
            route('problem/:problemID', 'groupTrainingProblemDetails', PROBLEM_PAGE, {
              lazy: lazyPage(
                () => import('./pages/training/TrainingProblemPage'),
                (m) => m.TrainingProblemPage,
              ),
            }),
            route(
              'rank',
              'groupTrainingRank',
              {},
              {
                lazy: lazyPage(
                  () => import('./pages/training/TrainingRankPage'),
                  (m) => m.TrainingRankPage,
                ),
              },
            ),
          ],
        },
      ),
      route(
        'contest',
        'groupContestList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/group-activity/GroupContestListPage'),
            (m) => m.GroupContestListPage,
          ),
        },
      ),
      route(
        'status',
        'groupSubmissionList',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/group-problem/GroupSubmissionPages'),
            (m) => m.GroupSubmissionListPage,
          ),
        },
      ),
      route(
        'submission-detail/:submitID',
        'groupSubmissionDetails',
        {},
        {
          lazy: lazyPage(
            () => import('./pages/group-problem/GroupSubmissionPages'),
            (m) => m.GroupSubmissionDetailsPage,
          ),
        },
      ),
      route(
        'discussion',
        'groupDiscussionList',
        { access: 'groupDiscussion' },
        { lazy: groupDiscussionList },
      ),
      route(
        'discussion/:problemID',
        'groupProblemDiscussion',
        { access: 'groupDiscussion' },
        { lazy: groupDiscussionList },
      ),
      route(
        'discussion-detail/:discussionID',
        'groupDiscussionDetails',
        { access: 'groupDiscussion' },
        {
          lazy: lazyPage(
            () => import('./pages/discussion/DiscussionDetailPage'),
            (m) => m.DiscussionDetailPage,
          ),
        },
      ),
      route('member', 'groupMemberList', {}, { lazy: groupPage((m) => m.GroupMembersTab) }),
      route('setting', 'groupSetting', {}, { lazy: groupPage((m) => m.GroupSettingTab) }),
      route('rank', 'groupRank', {}, { lazy: groupPage((m) => m.GroupRankTab) }),
    ],
  }),

  // The compiler and explanation page (spec part 2 §2.5).
  route(
    'introduction',
    'introduction',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/compiler/CompilerPage'),
        (m) => m.CompilerPage,
      ),
    },
  ),
  route(
    'oiwiki',
    'oiwiki',
    {},
    {
      lazy: lazyPage(
        () => import('./pages/oiwiki/OiWikiPage'),
        (m) => m.OiWikiPage,
      ),
    },
  ),
  route('message', 'message', AUTH, {
    lazy: lazyPage(
      () => import('./pages/message/MessageCentre'),
      (m) => m.MessageCentre,
    ),
    children: [
      // The message centre opens on the discuss tab (spec part 2 §2.4).
      { index: true, element: <Navigate to="discuss" replace /> },
      route('discuss', 'discussMsg', {}, { lazy: messageList((m) => m.DiscussMessages) }),
      route('reply', 'replyMsg', {}, { lazy: messageList((m) => m.ReplyMessages) }),
      route('like', 'likeMsg', {}, { lazy: messageList((m) => m.LikeMessages) }),
      route('sys', 'sysMsg', {}, { lazy: messageList((m) => m.SysMessages) }),
      route('mine', 'mineMsg', {}, { lazy: messageList((m) => m.MineMessages) }),
    ],
  }),

  route('*', 'notFound', {}, { element: <NotFoundPage /> }),
];

/** /admin/login shows the admin login form (spec part 2 §2.7); the rest of the admin table stays as declared. */
function withAdminLoginForm(routeObject: RouteObject): RouteObject {
  if (routeObject.path !== '/admin/login') return routeObject;
  return {
    ...routeObject,
    lazy: lazyPage(
      () => import('./admin/login/AdminLoginPage'),
      (m) => m.AdminLoginPage,
    ),
  };
}

export const router = createBrowserRouter([
  {
    path: '/',
    element: <SiteLayout />,
    hydrateFallbackElement: <PageLoading fullScreen />,
    errorElement: <RouteErrorPage />,
    // The pathless layer keeps errors inside the shell, under the top bar.
    children: [{ errorElement: <RouteErrorPage />, children: siteRoutes }],
  },
  {
    // Opens in a new window without the site's bars (spec part 2 §2.8).
    path: '/scrollBoard',
    element: <BareLayout />,
    children: [
      {
        index: true,
        handle: { title: 'scrollBoard' },
        lazy: lazyPage(
          () => import('./pages/contest/scroll-board/ScrollBoardPage'),
          (m) => m.ScrollBoardPage,
        ),
      },
    ],
  },
  ...adminRoutes.map(withAdminLoginForm).map(withAdminProblemPages),
]);

bindNavigator((to) => void router.navigate(to));
