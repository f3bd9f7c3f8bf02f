import type { Messages } from '../i18n/zh-CN';

type AdminMenuKey = keyof Messages['admin']['menu'];

/** One entry of the admin side menu: a page, or a group of pages. */
export interface AdminMenuItem {
  key: string;
  label: AdminMenuKey;
  to?: string;
  superAdminOnly?: boolean;
  children?: AdminMenuItem[];
}

const page = (to: string, label: AdminMenuKey): AdminMenuItem => ({ key: to, to, label });

/** The admin area's screens (spec part 2 §2.7); the "general" group is for super admins only. */
export const ADMIN_MENU: AdminMenuItem[] = [
  page('/admin/dashboard', 'dashboard'),
  {
    key: 'general',
    label: 'general',
    superAdminOnly: true,
    children: [
      page('/admin/user', 'user'),
      page('/admin/session', 'session'),
      page('/admin/announcement', 'announcement'),
      page('/admin/notice', 'notice'),
      page('/admin/conf', 'conf'),
      page('/admin/switch', 'switch'),
    ],
  },
  {
    key: 'problem',
    label: 'problem',
    children: [
      page('/admin/problems', 'problems'),
      page('/admin/problem/create', 'problemCreate'),
      page('/admin/problem/tag', 'problemTag'),
      page('/admin/group-problem/apply', 'groupProblemApply'),
      // root only, as its calls (reference §3.11) and HOJ's menu
      { ...page('/admin/problem/batch-operation', 'problemBatch'), superAdminOnly: true },
    ],
  },
  {
    key: 'training',
    label: 'training',
    children: [
      page('/admin/training', 'trainings'),
      page('/admin/training/create', 'trainingCreate'),
      page('/admin/training/category', 'trainingCategory'),
    ],
  },
  {
    key: 'contest',
    label: 'contest',
    children: [page('/admin/contest', 'contests'), page('/admin/contest/create', 'contestCreate')],
  },
  page('/admin/discussion', 'discussion'),
];

/**
 * The menu entry of the page at `pathname` (the longest entry path it starts with, so that a
 * contest's edit page is under Contests) and the group holding it.
 */
export function currentAdminPage(pathname: string): { page?: string; group?: string } {
  let best: { page?: string; group?: string } = {};
  const visit = (items: AdminMenuItem[], group?: string) => {
    for (const item of items) {
      if (item.children) visit(item.children, item.key);
      else if (
        item.to &&
        (pathname === item.to || pathname.startsWith(`${item.to}/`)) &&
        item.to.length > (best.page?.length ?? 0)
      ) {
        best = { page: item.to, group };
      }
    }
  };
  visit(ADMIN_MENU);
  return best;
}
