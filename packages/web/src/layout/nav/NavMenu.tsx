import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useWebsiteConfig } from '../../api/home';
import type { NavMode } from '../../routing/route-meta';
import { NAV_ICONS } from './nav-icons';
import { activeNavKey, navItemsFor, type NavItem } from './nav-items';

type MenuItems = NonNullable<MenuProps['items']>;

interface NavMenuProps {
  mode: NavMode;
  layout: 'horizontal' | 'inline';
  /** without the entries' icons (a horizontal bar that is short of room, issue 24 item 8) */
  plain?: boolean;
  /** Called after a link is chosen (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The entries of the current menu mode and the key of the highlighted one. */
export function useNavEntries(mode: NavMode): { items: NavItem[]; activeKey: string } {
  const params = useParams();
  const { pathname } = useLocation();
  const { data: config } = useWebsiteConfig();
  const items = navItemsFor(mode, params, config);
  return { items, activeKey: activeNavKey(mode, pathname, items) };
}

/**
 * The site menu of the current top-bar mode, as a horizontal bar or inside the drawer. The bar never
 * folds entries behind "…": the top bar shows it only where all of them fit (DesktopTopBar).
 */
export function NavMenu({ mode, layout, plain = false, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const { items, activeKey } = useNavEntries(mode);

  const toMenuItems = (entries: NavItem[]): MenuItems =>
    entries.map((item) => ({
      key: item.key,
      icon: item.icon && !plain ? NAV_ICONS[item.icon] : undefined,
      label: item.href ? (
        <a href={item.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          {t(`nav.${item.label}`)}
        </a>
      ) : item.to ? (
        <Link to={item.to} onClick={onNavigate}>
          {t(`nav.${item.label}`)}
        </Link>
      ) : (
        t(`nav.${item.label}`)
      ),
      children: item.children ? toMenuItems(item.children) : undefined,
    }));

  const menu = (
    <Menu
      className={`nav-menu nav-menu--${layout}${plain ? ' nav-menu--plain' : ''}`}
      mode={layout}
      disabledOverflow={layout === 'horizontal'}
      selectedKeys={[activeKey]}
      items={toMenuItems(items)}
      // the drawer shows everything, the groups open
      defaultOpenKeys={layout === 'inline' ? ['rank', 'about'] : undefined}
    />
  );
  // the bar's entries a little closer than Ant Design's 20 px, so that the whole menu fits more often
  return layout === 'horizontal' ? <ConfigProvider theme={HORIZONTAL_THEME}>{menu}</ConfigProvider> : menu;
}

const HORIZONTAL_THEME = { components: { Menu: { itemPaddingInline: 14 } } };
