import { Layout } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavMode } from '../../routing/route-meta';
import { LanguageSwitch } from '../LanguageSwitch';
import { AccountArea } from './AccountArea';
import { NavDrawer } from './NavDrawer';
import { NavMenu, useNavEntries } from './NavMenu';
import { SiteLogo } from './SiteLogo';
import type { NavItem } from './nav-items';

/** How the menu is shown on the bar: whole with icons, whole without them, or in a drawer. */
type MenuFit = 'full' | 'plain' | 'drawer';

function findEntry(items: NavItem[], key: string): NavItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const child = item.children && findEntry(item.children, key);
    if (child) return child;
  }
  return undefined;
}

/**
 * Measures, whenever the bar's room or the menu's entries change, whether the whole menu fits:
 * two hidden copies (with and without icons) give the widths the bar would need.
 */
function useMenuFit() {
  const room = useRef<HTMLDivElement>(null);
  const withIcons = useRef<HTMLDivElement>(null);
  const withoutIcons = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<MenuFit>('full');
  useLayoutEffect(() => {
    const elements = [room.current, withIcons.current, withoutIcons.current];
    if (elements.some((element) => !element)) return;
    const measure = () => {
      const available = room.current!.clientWidth;
      setFit(
        withIcons.current!.scrollWidth <= available
          ? 'full'
          : withoutIcons.current!.scrollWidth <= available
            ? 'plain'
            : 'drawer',
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of elements) observer.observe(element!);
    return () => observer.disconnect();
  }, []);
  return { fit, room, withIcons, withoutIcons };
}

/**
 * 768 px and wider: logo, menu, language and account on one bar. The menu is shown whole, without
 * icons if that makes it fit, or else in a drawer whose button names the current section; it never
 * hides entries behind "…" (issue 24 item 8).
 */
export function DesktopTopBar({ mode }: { mode: NavMode }) {
  const { t } = useTranslation();
  const { fit, room, withIcons, withoutIcons } = useMenuFit();
  const { items, activeKey } = useNavEntries(mode);
  const current = findEntry(items, activeKey);
  return (
    <Layout.Header className="top-bar" data-menu-fit={fit}>
      <SiteLogo />
      <div className="top-bar-menu" ref={room}>
        <div className="top-bar-menu-ruler" aria-hidden inert>
          <div ref={withIcons}>
            <NavMenu mode={mode} layout="horizontal" />
          </div>
          <div ref={withoutIcons}>
            <NavMenu mode={mode} layout="horizontal" plain />
          </div>
        </div>
        {fit === 'drawer' ? (
          <NavDrawer mode={mode} current={current ? t(`nav.${current.label}`) : undefined} />
        ) : (
          <NavMenu mode={mode} layout="horizontal" plain={fit === 'plain'} />
        )}
      </div>
      <div className="top-bar-actions">
        <LanguageSwitch />
        <AccountArea />
      </div>
    </Layout.Header>
  );
}
