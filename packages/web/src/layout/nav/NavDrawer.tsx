import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavMode } from '../../routing/route-meta';
import { NavMenu } from './NavMenu';

/**
 * The hamburger and the menu's drawer (spec part 1 §2 "Shell"): under 768 px, and from 768 px up
 * where the whole menu does not fit on the bar (issue 24 item 8). `current`, the highlighted entry's
 * name, is written beside the hamburger, so the current section is never hidden.
 */
export function NavDrawer({ mode, current }: { mode: NavMode; current?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        className="nav-drawer-trigger"
        icon={<MenuOutlined />}
        aria-label={t('nav.openMenu')}
        onClick={() => setOpen(true)}
      >
        {current ? <span className="nav-drawer-current">{current}</span> : null}
      </Button>
      <Drawer
        className="nav-drawer"
        title={t('nav.menu')}
        placement="left"
        size={260}
        open={open}
        onClose={() => setOpen(false)}
      >
        <NavMenu mode={mode} layout="inline" onNavigate={() => setOpen(false)} />
      </Drawer>
    </>
  );
}
