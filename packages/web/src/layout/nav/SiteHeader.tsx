import { useMatchedMeta } from '../../routing/route-meta';
import { useIsMobile } from '../use-is-mobile';
import { DesktopTopBar } from './DesktopTopBar';
import { MobileTopBar } from './MobileTopBar';

/** Picks the bar for the screen width and the menu mode of the current route. */
export function SiteHeader() {
  const isMobile = useIsMobile();
  const mode =
    useMatchedMeta()
      .filter((meta) => meta.navMode)
      .at(-1)?.navMode ?? 'default';
  return isMobile ? <MobileTopBar mode={mode} /> : <DesktopTopBar mode={mode} />;
}
