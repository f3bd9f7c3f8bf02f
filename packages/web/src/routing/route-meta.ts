import { useMatches } from 'react-router';
import type { Messages } from '../i18n/zh-CN';

/** The four top-bar modes (spec part 1 §2 "Shell"). */
export type NavMode = 'default' | 'training' | 'contest' | 'group';

/** Site switches that open or close whole areas (spec part 2 §2.9). */
export type AccessSwitch = 'discussion' | 'groupDiscussion' | 'contestComment';

export type TitleKey = keyof Messages['title'];

/** What a route declares about itself; read by the guards, the title and the shell. */
export interface RouteMeta {
  title: TitleKey;
  requireAuth?: boolean;
  requireAdmin?: boolean;
  requireSuperAdmin?: boolean;
  access?: AccessSwitch;
  /** Focus-mode pages show the menu of where they came from (training, contest, group). */
  navMode?: NavMode;
  /** The footer is hidden on problem-detail and focus-mode pages (spec part 1 §1). */
  hideFooter?: boolean;
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Metadata of every matched route, outermost first. */
export function useMatchedMeta(): RouteMeta[] {
  return useMatches()
    .map((match) => match.handle)
    .filter(isRouteMeta);
}

/** The innermost route's metadata: its title names the page. */
export function useCurrentMeta(): RouteMeta | undefined {
  return useMatchedMeta().at(-1);
}
