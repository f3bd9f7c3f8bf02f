import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavMode } from '../../routing/route-meta';
import { LanguageSwitch } from '../LanguageSwitch';
import { AccountArea } from './AccountArea';
import { NavMenu } from './NavMenu';
import { SiteLogo } from './SiteLogo';

/** Under 768 px: a hamburger opens the menu in a drawer (spec part 1 §2 "Shell"). */
export function MobileTopBar({ mode }: { mode: NavMode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Layout.Header className="top-bar top-bar--mobile">
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('nav.openMenu')}
        onClick={() => setOpen(true)}
      />
      <SiteLogo />
      <div className="top-bar-actions">
        <LanguageSwitch compact />
        <AccountArea compact />
      </div>
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
    </Layout.Header>
  );
}
