import { Menu, type MenuProps } from 'antd';
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
  /** Called after a link is chosen (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The site menu of the current top-bar mode, as a horizontal bar or inside the drawer. */
export function NavMenu({ mode, layout, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const { data: config } = useWebsiteConfig();
  const items = navItemsFor(mode, params, config);

  const toMenuItems = (entries: NavItem[]): MenuItems =>
    entries.map((item) => ({
      key: item.key,
      icon: item.icon ? NAV_ICONS[item.icon] : undefined,
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

  return (
    <Menu
      className={`nav-menu nav-menu--${layout}`}
      mode={layout}
      selectedKeys={[activeNavKey(mode, pathname, items)]}
      items={toMenuItems(items)}
      // The horizontal bar hides what does not fit behind "…"; the drawer shows everything.
      defaultOpenKeys={layout === 'inline' ? ['rank', 'about'] : undefined}
    />
  );
}
