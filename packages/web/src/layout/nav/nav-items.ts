import type { Params } from 'react-router';
import type { WebsiteConfig } from '../../api/home';
import type { Messages } from '../../i18n/zh-CN';
import { OI_WIKI_URL } from '../../config/constants';
import type { NavMode } from '../../routing/route-meta';

export type NavLabelKey = keyof Messages['nav'];
export type NavIcon =
  | 'home'
  | 'problem'
  | 'training'
  | 'contest'
  | 'status'
  | 'rank'
  | 'discussion'
  | 'group'
  | 'about'
  | 'list'
  | 'submissions';

/** One entry of the top bar: a link, or a group of links. */
export interface NavItem {
  key: string;
  label: NavLabelKey;
  icon?: NavIcon;
  to?: string;
  /** another site, opened in a new tab instead of `to` */
  href?: string;
  children?: NavItem[];
}

/** The key is the path without its query, so the highlighted entry can be found from the pathname. */
const link = (to: string, label: NavLabelKey, icon?: NavIcon): NavItem => ({
  key: to.split('?')[0] ?? to,
  to,
  label,
  icon,
});

/** Default menu (spec part 1 §2 "Shell"); discussion only when the public discussion area is open. */
function defaultItems(config: WebsiteConfig | undefined): NavItem[] {
  const items: NavItem[] = [
    link('/home', 'home', 'home'),
    link('/problem', 'problem', 'problem'),
    link('/training', 'training', 'training'),
    link('/contest', 'contest', 'contest'),
    link('/status', 'status', 'status'),
    {
      key: 'rank',
      label: 'rank',
      icon: 'rank',
      children: [link('/acm-rank', 'acmRank'), link('/oi-rank', 'oiRank')],
    },
  ];
  if (config?.openPublicDiscussion) items.push(link('/discussion', 'discussion', 'discussion'));
  items.push(link('/group', 'group', 'group'), {
    key: 'about',
    label: 'about',
    icon: 'about',
    // The wiki is another site: a new tab, not a frame (spec part 2 §2.8 /oiwiki).
    children: [link('/introduction', 'introduction'), { key: '/oiwiki', label: 'oiwiki', href: OI_WIKI_URL }],
  });
  return items;
}

function trainingItems(params: Params): NavItem[] {
  const base = params.groupID
    ? `/group/${params.groupID}/training/${params.trainingID}`
    : `/training/${params.trainingID}`;
  const items = [link('/home', 'backHome', 'home')];
  if (params.groupID) items.push(link(`/group/${params.groupID}`, 'groupHome', 'group'));
  items.push(link(base, 'trainingHome', 'training'), link(`${base}/problems`, 'problemList', 'list'));
  return items;
}

function contestItems(params: Params): NavItem[] {
  const base = `/contest/${params.contestID}`;
  return [
    link('/home', 'backHome', 'home'),
    link(base, 'contestHome', 'contest'),
    link(`${base}/problems`, 'problemList', 'list'),
    link(`${base}/submissions?onlyMine=true`, 'mySubmissions', 'submissions'),
    link(`${base}/rank`, 'contestRank', 'rank'),
  ];
}

function groupItems(params: Params): NavItem[] {
  const base = `/group/${params.groupID}`;
  return [
    link('/home', 'backHome', 'home'),
    link(base, 'groupHome', 'group'),
    link(`${base}/problem`, 'problemList', 'list'),
  ];
}

/** The four top-bar modes; focus-mode pages switch to the menu of where they came from. */
export function navItemsFor(mode: NavMode, params: Params, config: WebsiteConfig | undefined): NavItem[] {
  switch (mode) {
    case 'training':
      return trainingItems(params);
    case 'contest':
      return contestItems(params);
    case 'group':
      return groupItems(params);
    default:
      return defaultItems(config);
  }
}

/** Detail pages keep their list's menu entry highlighted. */
const ACTIVE_ALIASES: Record<string, string> = {
  'submission-detail': 'status',
  'discussion-detail': 'discussion',
};

/** The key of the highlighted entry: in the default menu the first path segment decides. */
export function activeNavKey(mode: NavMode, pathname: string, items: NavItem[]): string {
  if (mode === 'default') {
    const first = pathname.split('/')[1] ?? '';
    return `/${ACTIVE_ALIASES[first] ?? first}`;
  }
  const keys = items.filter((item) => item.to).map((item) => item.key);
  return keys.filter((key) => pathname === key || pathname.startsWith(`${key}/`)).at(-1) ?? '';
}
