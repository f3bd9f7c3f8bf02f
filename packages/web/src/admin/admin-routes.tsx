import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RouteErrorPage } from '../routing/RouteErrorPage';
import { defineRoute as route } from '../routing/define-route';
import { lazyPage } from '../routing/lazy-route';

const contestEditPage = lazyPage(
  () => import('./contest/ContestEditPage'),
  (m) => m.ContestEditPage,
);
const contestProblemPage = lazyPage(
  () => import('./contest/ContestProblemEditPage'),
  (m) => m.ContestProblemEditPage,
);

const trainingEditPage = lazyPage(
  () => import('./training/TrainingEditPage'),
  (m) => m.TrainingEditPage,
);

const SUPER_ADMIN = { requireAuth: true, requireAdmin: true, requireSuperAdmin: true } as const;

/** The admin app under /admin (spec part 2 §2.7). The whole area needs login and an admin role. */
const adminChildren: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  route(
    'dashboard',
    'adminDashboard',
    {},
    {
      lazy: lazyPage(
        () => import('./dashboard/DashboardPage'),
        (m) => m.DashboardPage,
      ),
    },
  ),
  route('user', 'adminUser', SUPER_ADMIN, {
    lazy: lazyPage(
      () => import('./user/UserAdminPage'),
      (m) => m.UserAdminPage,
    ),
  }),
  route('session', 'adminSession', SUPER_ADMIN, {
    lazy: lazyPage(
      () => import('./user/SessionAdminPage'),
      (m) => m.SessionAdminPage,
    ),
  }),
  route('announcement', 'adminAnnouncement', SUPER_ADMIN, {
    lazy: lazyPage(
      () => import('./content/AnnouncementAdminPage'),
      (m) => m.AnnouncementAdminPage,
    ),
  }),
  route('notice', 'adminNotice', SUPER_ADMIN, {
    lazy: lazyPage(
      () => import('./content/NoticeAdminPage'),
      (m) => m.NoticeAdminPage,
    ),
  }),
  route('conf', 'adminConf', SUPER_ADMIN, {
    lazy: lazyPage(
      () => import('./conf/ConfPage'),
      (m) => m.ConfPage,
    ),
  }),
  route('switch', 'adminSwitch', SUPER_ADMIN, {
    lazy: lazyPage(
      () => import('./content/SwitchAdminPage'),
      (m) => m.SwitchAdminPage,
    ),
  }),
  route('problems', 'adminProblemList'),
  route('problem/create', 'adminProblemCreate'),
  route('problem/edit/:problemId', 'adminProblemEdit'),
  route('problem/tag', 'adminProblemTag'),
  route(
    'group-problem/apply',
    'adminGroupProblemApply',
    {},
    {
      lazy: lazyPage(
        () => import('./group-problem/GroupProblemApplyPage'),
        (m) => m.GroupProblemApplyPage,
      ),
    },
  ),
  // root only, as its calls (reference §3.11) and HOJ's menu
  route('problem/batch-operation', 'adminProblemBatch', SUPER_ADMIN),
  route('training/create', 'adminTrainingCreate', {}, { lazy: trainingEditPage }),
  route(
    'training',
    'adminTrainingList',
    {},
    {
      lazy: lazyPage(
        () => import('./training/TrainingListPage'),
        (m) => m.TrainingListPage,
      ),
    },
  ),
  route('training/:trainingId/edit', 'adminTrainingEdit', {}, { lazy: trainingEditPage }),
  route(
    'training/:trainingId/problems',
    'adminTrainingProblemList',
    {},
    {
      lazy: lazyPage(
        () => import('./training/TrainingProblemsPage'),
        (m) => m.TrainingProblemsPage,
      ),
    },
  ),
  route(
    'training/category',
    'adminTrainingCategory',
    {},
    {
      lazy: lazyPage(
        () => import('./training/TrainingCategoryPage'),
        (m) => m.TrainingCategoryPage,
      ),
    },
  ),
  route('contest/create', 'adminContestCreate', {}, { lazy: contestEditPage }),
  route(
    'contest',
    'adminContestList',
    {},
    {
      lazy: lazyPage(
        () => import('./contest/ContestListPage'),
        (m) => m.ContestListPage,
      ),
    },
  ),
  route('contest/:contestId/edit', 'adminContestEdit', {}, { lazy: contestEditPage }),
  route(
    'contest/:contestId/announcement',
    'adminContestAnnouncement',
    {},
    {
      lazy: lazyPage(
        () => import('./contest/ContestAnnouncementPage'),
        (m) => m.ContestAnnouncementPage,
      ),
    },
  ),
  route(
    'contest/:contestId/problems',
    'adminContestProblemList',
    {},
    {
      lazy: lazyPage(
        () => import('./contest/ContestProblemsPage'),
        (m) => m.ContestProblemsPage,
      ),
    },
  ),
  route('contest/:contestId/problem/create', 'adminContestProblemCreate', {}, { lazy: contestProblemPage }),
  route(
    'contest/:contestId/problem/:problemId/edit',
    'adminContestProblemEdit',
    {},
    {
      lazy: contestProblemPage,
    },
  ),
  route(
    'discussion',
    'adminDiscussion',
    {},
    {
      lazy: lazyPage(
        () => import('./discussion/DiscussionAdminPage'),
        (m) => m.DiscussionAdminPage,
      ),
    },
  ),
];

export const adminRoutes: RouteObject[] = [
  {
    ...route(
      '/admin/login',
      'adminLogin',
      {},
      {
        lazy: lazyPage(
          () => import('./AdminLoginPage'),
          (m) => m.AdminLoginPage,
        ),
      },
    ),
    hydrateFallbackElement: <PageLoading fullScreen />,
    errorElement: <RouteErrorPage />,
  },
  {
    ...route(
      '/admin',
      'adminDashboard',
      { requireAuth: true, requireAdmin: true },
      {
        lazy: lazyPage(
          () => import('./AdminLayout'),
          (m) => m.AdminLayout,
        ),
        children: adminChildren,
      },
    ),
    hydrateFallbackElement: <PageLoading fullScreen />,
    errorElement: <RouteErrorPage />,
  },
  // Unknown admin paths go to the admin login (spec part 2 §2.7).
  { path: '/admin/*', element: <Navigate to="/admin/login" replace /> },
];
